// SPDX-License-Identifier: GPL-2.0
/* The one place s2h's tracepoints (trace.h) are defined. */
#define CREATE_TRACE_POINTS
#include "trace.h"
