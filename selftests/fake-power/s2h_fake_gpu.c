// SPDX-License-Identifier: GPL-2.0
/*
 * s2h_fake_gpu: PCI drivers named as the GPU drivers s2h's pre-flight
 * advises on (nvidia, amdgpu), which a VM does not have. Test-only: never
 * load it on a real machine.
 *
 * Each name given registers a PCI driver of that name that matches no
 * device: it binds nothing, but driver_find() finds it, as it finds the
 * real driver once its module is loaded.
 *	drivers		comma-separated names, at most FAKE_GPU_MAX of them
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/pci.h>
#include <linux/string.h>

#define FAKE_GPU_MAX	2

static char *drivers = "";
module_param(drivers, charp, 0444);
MODULE_PARM_DESC(drivers, "PCI driver names to register, comma-separated (default: none)");

/* Matches nothing: only the driver's name is registered. */
static const struct pci_device_id fake_gpu_ids[] = {
	{ }
};

static struct pci_driver fake_gpu_drivers[FAKE_GPU_MAX];
static char fake_gpu_names[FAKE_GPU_MAX][16];
static unsigned int fake_gpu_count;

static void fake_gpu_unregister(void)
{
	while (fake_gpu_count)
		pci_unregister_driver(&fake_gpu_drivers[--fake_gpu_count]);
}

static int __init fake_gpu_init(void)
{
	const char *p = drivers;
	int err;

	while (*p) {
		size_t len = strcspn(p, ",");
		struct pci_driver *d;

		if (fake_gpu_count == FAKE_GPU_MAX || !len || len >= sizeof(fake_gpu_names[0])) {
			pr_err("drivers: at most %d names of up to %zu characters\n", FAKE_GPU_MAX,
			       sizeof(fake_gpu_names[0]) - 1);
			fake_gpu_unregister();
			return -EINVAL;
		}
		memcpy(fake_gpu_names[fake_gpu_count], p, len);
		d = &fake_gpu_drivers[fake_gpu_count];
		d->name = fake_gpu_names[fake_gpu_count];
		d->id_table = fake_gpu_ids;
		err = pci_register_driver(d);
		if (err) {
			fake_gpu_unregister();
			return err;
		}
		fake_gpu_count++;
		p += len + !!p[len];
	}
	return 0;
}

static void __exit fake_gpu_exit(void)
{
	fake_gpu_unregister();
}

module_init(fake_gpu_init);
module_exit(fake_gpu_exit);

MODULE_DESCRIPTION("Fake GPU drivers for s2h's tests of pre-flight's advice");
MODULE_LICENSE("GPL");
