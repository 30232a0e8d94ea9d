// SPDX-License-Identifier: GPL-2.0
/*
 * The hottest thermal zone, read at the alarm's wakes: a machine that heats
 * up in a bag while it should sleep hibernates at once (thermal_limit).
 * The thermal core exports no walk over its zones, so s2h reads what
 * userspace reads, /sys/class/thermal/thermal_zone*, whose ids are
 * allocated from 0 with gaps only where a zone went away.
 */
#include <linux/kernel.h>
#include <linux/string.h>

#include "hibernate.h"
#include "preflight.h"
#include "thermal.h"

/* Zone ids tried: more zones than any laptop has, and the gaps between them. */
#define S2H_THERMAL_ZONES_MAX	64

static int s2h_zone_read(int id, const char *file, char *buf, size_t size)
{
	char path[64];

	snprintf(path, sizeof(path), "/sys/class/thermal/thermal_zone%d/%s", id, file);
	return s2h_file_read(path, buf, size) < 0 ? -ENOENT : 0;
}

/* A zone whose sensor fails (-ENODATA, -EAGAIN) is skipped, not taken for cold. */
static void s2h_heat_read(void *arg)
{
	struct s2h_heat *heat = arg;
	char buf[32];
	int id, temp;

	for (id = 0; id < S2H_THERMAL_ZONES_MAX; id++) {
		if (s2h_zone_read(id, "temp", buf, sizeof(buf)) ||
		    kstrtoint(strim(buf), 10, &temp) || temp <= heat->hottest)
			continue;
		heat->hottest = temp;
		if (s2h_zone_read(id, "type", heat->zone, sizeof(heat->zone)))
			snprintf(heat->zone, sizeof(heat->zone), "thermal_zone%d", id);
		strim(heat->zone);
	}
}

/**
 * s2h_heat_now() - the hottest thermal zone
 * @heat: its temperature, S2H_TEMP_UNKNOWN when no zone answered, and type
 *
 * Reads sysfs files from s2h's file reader (s2h_file_reader_call()): the
 * caller may be inside the write of /sys/power/state. Process context.
 */
void s2h_heat_now(struct s2h_heat *heat)
{
	heat->hottest = S2H_TEMP_UNKNOWN;
	heat->zone[0] = '\0';
	s2h_file_reader_call(s2h_heat_read, heat);
}
