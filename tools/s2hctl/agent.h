/* SPDX-License-Identifier: GPL-2.0 */
/* s2hctl agent: s2h's hibernations, handed to systemd. */
#ifndef S2HCTL_AGENT_H
#define S2HCTL_AGENT_H

int agent_run(char **command, int n, const char *metrics);

#endif /* S2HCTL_AGENT_H */
