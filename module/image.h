/* SPDX-License-Identifier: GPL-2.0 */
/*
 * s2h's device: whether a hibernation someone else started came back (the
 * only outcome s2h can see of a hibernation it handed to userspace), and
 * its .prepare, where a suspend's alarm is armed.
 */
#ifndef _S2H_IMAGE_H
#define _S2H_IMAGE_H

#include <linux/types.h>

int s2h_image_watch_init(void);
void s2h_image_watch_exit(void);
void s2h_image_watch_start(void);
bool s2h_image_came_back(void);

#endif /* _S2H_IMAGE_H */
