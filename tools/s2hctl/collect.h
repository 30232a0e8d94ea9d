/* SPDX-License-Identifier: GPL-2.0 */
/* s2hctl metrics and the agent: ask the kernel, then write the metrics. */
#ifndef S2HCTL_COLLECT_H
#define S2HCTL_COLLECT_H

int metrics_collect(const char *path);

#endif /* S2HCTL_COLLECT_H */
