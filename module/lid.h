/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The lid, as its switch says: whether a user can be at the machine when
 * it wakes in the alarm's window.
 */
#ifndef _S2H_LID_H
#define _S2H_LID_H

#include "decide.h"

int s2h_lid_init(void);
void s2h_lid_exit(void);
enum s2h_lid_evidence s2h_lid_now(void);

#endif /* _S2H_LID_H */
