/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user at the keyboard, touchpad or lid while the system is awake:
 * input events are no wakeup events, so an input handler watches for them
 * while a settle waits (settle_sec).
 */
#ifndef _S2H_USERINPUT_H
#define _S2H_USERINPUT_H

#include <linux/types.h>
#include <linux/wait.h>

int s2h_user_watch_start(wait_queue_head_t *wq);
bool s2h_user_seen(void);
void s2h_user_watch_stop(void);

#endif /* _S2H_USERINPUT_H */
