// SPDX-License-Identifier: GPL-2.0
/*
 * s2h_fake_thermal: a thermal zone for s2h's VM tests, which QEMU does not
 * give them. Test-only: never load it on a real machine.
 *
 * One zone of type "s2h_fake", without trips (the thermal core leaves it
 * alone), whose temperature the tests set through a writable parameter:
 *	temp		millidegrees Celsius, what the zone reads from then on
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/err.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/thermal.h>

/* Read by the thermal core under the zone's lock, written by the tests: one int. */
static int temp = 40000;
module_param(temp, int, 0644);
MODULE_PARM_DESC(temp, "The zone's temperature, millidegrees Celsius (default: 40000)");

static struct thermal_zone_device *zone;

static int fake_get_temp(struct thermal_zone_device *tz, int *t)
{
	*t = READ_ONCE(temp);
	return 0;
}

/* Not const: 6.1's registration takes a plain pointer. */
static struct thermal_zone_device_ops fake_ops = {
	.get_temp = fake_get_temp,
};

static int __init fake_thermal_init(void)
{
	int err;

#ifdef FAKE_HAVE_TRIPLESS_ZONE
	zone = thermal_tripless_zone_device_register("s2h_fake", NULL, &fake_ops, NULL);
#else
	zone = thermal_zone_device_register("s2h_fake", 0, 0, NULL, &fake_ops, NULL, 0, 0);
#endif
	if (IS_ERR(zone))
		return PTR_ERR(zone);
	err = thermal_zone_device_enable(zone);
	if (err)
		thermal_zone_device_unregister(zone);
	return err;
}

static void __exit fake_thermal_exit(void)
{
	thermal_zone_device_unregister(zone);
}

module_init(fake_thermal_init);
module_exit(fake_thermal_exit);

MODULE_DESCRIPTION("A fake thermal zone for s2h's tests");
MODULE_LICENSE("GPL");
