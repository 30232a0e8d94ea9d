// SPDX-License-Identifier: GPL-2.0
/*
 * The lid's state, read off the input devices that have a lid switch
 * (SW_LID): ACPI's button.ko makes one for the lid, as do the lid drivers
 * of other platforms. button.ko's acpi_lid_open() would read ACPI's _LID,
 * but symbol_get() refuses a symbol exported without _GPL (so since 6.5,
 * and on Debian's 6.1.192), and a link to it would make button.ko a
 * dependency of s2h. button.ko reports the lid again at each resume (the
 * "method" lid_init_state, the default), before s2h decides in
 * PM_POST_SUSPEND; where it reports "open" at each resume (lid_init_state
 * "open"), the lid reads open, which asks for the RTC's word.
 *
 * An input handler that only connects, and never opens the devices, is
 * told of each lid switch as it comes and goes; its handle keeps the
 * device for as long as s2h reads it.
 */
#include <linux/input.h>
#include <linux/mod_devicetable.h>
#include <linux/mutex.h>
#include <linux/slab.h>

#include "lid.h"

/* The lid switches there are, and what keeps them from going while read. */
static DEFINE_MUTEX(s2h_lid_lock);
static LIST_HEAD(s2h_lids);

struct s2h_lid {
	struct input_handle handle;
	struct list_head node;
};

static int s2h_lid_connect(struct input_handler *handler, struct input_dev *dev,
			   const struct input_device_id *id)
{
	struct s2h_lid *lid = kzalloc(sizeof(*lid), GFP_KERNEL);
	int err;

	if (!lid)
		return -ENOMEM;
	lid->handle.dev = dev;
	lid->handle.handler = handler;
	lid->handle.name = "s2h-lid";
	err = input_register_handle(&lid->handle);
	if (err) {
		kfree(lid);
		return err;
	}
	mutex_lock(&s2h_lid_lock);
	list_add_tail(&lid->node, &s2h_lids);
	mutex_unlock(&s2h_lid_lock);
	return 0;
}

static void s2h_lid_disconnect(struct input_handle *handle)
{
	struct s2h_lid *lid = container_of(handle, struct s2h_lid, handle);

	mutex_lock(&s2h_lid_lock);
	list_del(&lid->node);
	mutex_unlock(&s2h_lid_lock);
	input_unregister_handle(handle);
	kfree(lid);
}

static const struct input_device_id s2h_lid_ids[] = {
	{
		.flags = INPUT_DEVICE_ID_MATCH_EVBIT | INPUT_DEVICE_ID_MATCH_SWBIT,
		.evbit = { BIT_MASK(EV_SW) },
		.swbit = { [BIT_WORD(SW_LID)] = BIT_MASK(SW_LID) },
	},
	{ },
};

static struct input_handler s2h_lid_handler = {
	.name = "s2h-lid",
	.connect = s2h_lid_connect,
	.disconnect = s2h_lid_disconnect,
	.id_table = s2h_lid_ids,
};

/*
 * A machine with two lid switches (a convertible's) is open when one is.
 * Process context.
 */

/**
 * s2h_lid_now() - the lid's state, as its switch last reported it
 *
 * Return: S2H_LID_UNKNOWN when no driver reports a lid.
 */
enum s2h_lid_evidence s2h_lid_now(void)
{
	enum s2h_lid_evidence state = S2H_LID_UNKNOWN;
	struct s2h_lid *lid;

	mutex_lock(&s2h_lid_lock);
	list_for_each_entry(lid, &s2h_lids, node) {
		if (!test_bit(SW_LID, lid->handle.dev->sw)) {
			state = S2H_LID_OPEN;
			break;
		}
		state = S2H_LID_CLOSED;
	}
	mutex_unlock(&s2h_lid_lock);
	return state;
}

int s2h_lid_init(void)
{
	return input_register_handler(&s2h_lid_handler);
}

void s2h_lid_exit(void)
{
	input_unregister_handler(&s2h_lid_handler);
}
