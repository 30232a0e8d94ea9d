// SPDX-License-Identifier: GPL-2.0
/*
 * An input handler of s2h's own, registered only while a settle waits: it
 * opens every keyboard, pointer and switch and flags the user's events
 * (s2h_input_is_user()), nothing else. Registered for the wait alone, not
 * always: a handler keeps the devices it connects to open, and so powered
 * (runtime PM, a touchpad's I2C polling), and sees every key typed, for
 * nothing while no settle waits - settle_sec is off by default. Input the
 * user gave between the wake and the registration came as a wakeup event
 * or within the resume; the settle asks the wakeup sources for it besides
 * (s2h_input_since()).
 */
#include <linux/input.h>
#include <linux/mod_devicetable.h>
#include <linux/slab.h>

#include "decide.h"
#include "userinput.h"

static struct {
	bool seen;		/* the user's input since the watch started */
	wait_queue_head_t *wq;	/* woken at the first of it */
} s2h_user;

/* Atomic context, under the device's event_lock: a flag and a wake-up. */
static void s2h_user_event(struct input_handle *handle, unsigned int type, unsigned int code,
			   int value)
{
	if (!s2h_input_is_user(type, code, value) || READ_ONCE(s2h_user.seen))
		return;
	WRITE_ONCE(s2h_user.seen, true);
	wake_up(s2h_user.wq);
}

/* An accelerometer moves with the bag the laptop is in: no user there. */
static bool s2h_user_match(struct input_handler *handler, struct input_dev *dev)
{
	return !test_bit(INPUT_PROP_ACCELEROMETER, dev->propbit);
}

static int s2h_user_connect(struct input_handler *handler, struct input_dev *dev,
			    const struct input_device_id *id)
{
	struct input_handle *handle;
	int err;

	handle = kzalloc(sizeof(*handle), GFP_KERNEL);
	if (!handle)
		return -ENOMEM;
	handle->dev = dev;
	handle->handler = handler;
	handle->name = "s2h";
	err = input_register_handle(handle);
	if (err)
		goto err_free;
	err = input_open_device(handle);
	if (err)
		goto err_unregister;
	return 0;

err_unregister:
	input_unregister_handle(handle);
err_free:
	kfree(handle);
	return err;
}

static void s2h_user_disconnect(struct input_handle *handle)
{
	input_close_device(handle);
	input_unregister_handle(handle);
	kfree(handle);
}

/* Keyboards and buttons, pointers (relative and absolute), switches (the lid). */
static const struct input_device_id s2h_user_ids[] = {
	{ .flags = INPUT_DEVICE_ID_MATCH_EVBIT, .evbit = { BIT_MASK(EV_KEY) } },
	{ .flags = INPUT_DEVICE_ID_MATCH_EVBIT, .evbit = { BIT_MASK(EV_REL) } },
	{ .flags = INPUT_DEVICE_ID_MATCH_EVBIT, .evbit = { BIT_MASK(EV_ABS) } },
	{ .flags = INPUT_DEVICE_ID_MATCH_EVBIT, .evbit = { BIT_MASK(EV_SW) } },
	{ },
};

static struct input_handler s2h_user_handler = {
	.event = s2h_user_event,
	.match = s2h_user_match,
	.connect = s2h_user_connect,
	.disconnect = s2h_user_disconnect,
	.name = "s2h",
	.id_table = s2h_user_ids,
};

/**
 * s2h_user_watch_start() - watch the input devices for the user
 * @wq: woken at the user's first input
 *
 * One watch at a time: s2h's ordered work queue runs one settle at a time.
 *
 * Return: 0, or the error of registering the handler.
 */
int s2h_user_watch_start(wait_queue_head_t *wq)
{
	s2h_user.wq = wq;
	WRITE_ONCE(s2h_user.seen, false);
	return input_register_handler(&s2h_user_handler);
}

/* Whether the user gave input since the watch started. */
bool s2h_user_seen(void)
{
	return READ_ONCE(s2h_user.seen);
}

/* Disconnects every device: no event comes after it returns. */
void s2h_user_watch_stop(void)
{
	input_unregister_handler(&s2h_user_handler);
}
