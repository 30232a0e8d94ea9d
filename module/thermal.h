/* SPDX-License-Identifier: GPL-2.0 */
/* The thermal zones, as the alarm's wake sees them. */
#ifndef _S2H_THERMAL_H
#define _S2H_THERMAL_H

#include "decide.h"

struct s2h_heat {
	int hottest;		/* millidegrees Celsius, or S2H_TEMP_UNKNOWN */
	char zone[24];		/* the type of the hottest zone */
};

void s2h_heat_now(struct s2h_heat *heat);

#endif /* _S2H_THERMAL_H */
