/* SPDX-License-Identifier: GPL-2.0 */
/*
 * s2h's device: how a hibernation ended - came back from its image, failed,
 * or undone by the kernel - which hibernate()'s return does not tell, and
 * which is all s2h sees of one it handed to userspace; and its .prepare,
 * where a suspend's alarm is armed.
 */
#ifndef _S2H_IMAGE_H
#define _S2H_IMAGE_H

#include "decide.h"

int s2h_image_watch_init(void (*prepare)(void));
void s2h_image_watch_exit(void);
void s2h_image_watch_start(void);
enum s2h_image_end s2h_image_end(void);

#endif /* _S2H_IMAGE_H */
