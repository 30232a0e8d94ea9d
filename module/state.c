// SPDX-License-Identifier: GPL-2.0
/*
 * The cycle's state and every transition of it (cycle.h): the states and
 * who supersedes whom, s2h's own transitions, the events, the work queue.
 * Its phases (arm.c, wake.c, action.c) and the PM notifier (cycle.c) move
 * it only through these functions and under s2h.lock.
 */
#include <linux/bug.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/timekeeping.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include "cycle.h"

struct s2h s2h;

/*
 * Protects s2h_event_fn_cur and is held while an event is told, so that no
 * event is in flight once s2h_event_listen(NULL) returned. Never held with
 * s2h.lock: the listener may sleep.
 */
static DEFINE_MUTEX(s2h_event_lock);
static s2h_event_fn s2h_event_fn_cur;

/**
 * s2h_event_listen() - set who is told of the cycle's events
 * @fn: the listener, or NULL for none
 *
 * Once it returns with NULL, no call of the old listener runs.
 */
void s2h_event_listen(s2h_event_fn fn)
{
	mutex_lock(&s2h_event_lock);
	s2h_event_fn_cur = fn;
	mutex_unlock(&s2h_event_lock);
}

/* @info may be NULL for the events that carry nothing. */
void s2h_event(enum s2h_event event, const struct s2h_event_info *info)
{
	static const struct s2h_event_info none;

	if (WARN_ON_ONCE(event >= __S2H_EVENT_MAX))
		return;
	mutex_lock(&s2h_event_lock);
	if (s2h_event_fn_cur)
		s2h_event_fn_cur(event, info ? info : &none);
	mutex_unlock(&s2h_event_lock);
}

/*
 * The work items that move the system hold the module: an rmmod waiting for
 * one to end would sleep uninterruptibly and keep the freezer from
 * freezing it. Each of them drops the reference at its end.
 */
bool s2h_queue(struct work_struct *work)
{
	if (!try_module_get(THIS_MODULE))
		return false;
	if (!queue_work(s2h.wq, work))
		module_put(THIS_MODULE);
	return true;
}

/*
 * The last suspend's wake has been told and decided on: before anyone
 * reads what it changed, and before the next transition, which would
 * count as the user's in the wake's decision.
 */
void s2h_wake_settle(void)
{
	/* Pairs with the release at the end of s2h_wake_work(). */
	if (smp_load_acquire(&s2h.wake_queued))
		flush_delayed_work(&s2h.wake_work);
}

/*
 * The time in the state left goes to the cycle's record. Not idle's: the
 * system is the user's then, but between two suspends of one cycle
 * (s2h_count_idle()).
 */
void s2h_set_state_at(enum s2h_state state, ktime_t now)
{
	lockdep_assert_held(&s2h.lock);

	/* The wait for userspace's hibernation is part of hibernating. */
	if (s2h.state == S2H_STATE_HANDOFF)
		s2h.last->state_ms[S2H_STATE_HIBERNATING] += ktime_ms_delta(now, s2h.state_since);
	else if (s2h.state != S2H_STATE_IDLE)
		s2h.last->state_ms[s2h.state] += ktime_ms_delta(now, s2h.state_since);
	s2h.state = state;
	s2h.state_since = now;
}

void s2h_set_state(enum s2h_state state)
{
	s2h_set_state_at(state, ktime_get_boottime());
}

/* A suspend goes on with the cycle: the time awake since its last wake is the cycle's. */
void s2h_count_idle(ktime_t now)
{
	lockdep_assert_held(&s2h.lock);

	s2h.last->state_ms[S2H_STATE_IDLE] += ktime_ms_delta(now, s2h.state_since);
}

/*
 * The suspend that goes on with the cycle after a dark wake ends it: what
 * the dark wake cost, s2h_dark_count(), goes to the cycle's record apart,
 * so that the drain while suspended is not the dark wakes' and theirs is
 * known.
 */
void s2h_count_dark(ktime_t now)
{
	struct s2h_cycle_record *c = s2h.last;
	struct s2h_dark dark = { .ms = c->dark_ms, .energy = c->energy_dark };

	lockdep_assert_held(&s2h.lock);

	if (!s2h.dark_woke)
		return;
	s2h.dark_woke = false;
	s2h_dark_count(&dark, s2h.dark_transit_ms, ktime_ms_delta(now, s2h.state_since),
		       s2h.dark_draw);
	c->dark_ms = dark.ms;
	c->energy_dark = dark.energy;
}

/*
 * A transition of the user's while an action s2h decided has not taken
 * hold - the lid closed again while s2h waits for userspace to hibernate,
 * or before s2h's hibernation or its suspend for a retry started - takes
 * the action's place: the action, when it runs, finds it was superseded
 * and does nothing, and a suspend goes on with the cycle, armed as the
 * action's own suspend would have been. A suspend is never left without
 * its alarm for being started while s2h was busy.
 *
 * Return: that alarm, 0 when no action was pending.
 */
u32 s2h_supersede(void)
{
	u32 sec = s2h.pending_sec;

	lockdep_assert_held(&s2h.lock);

	s2h.action_seq++;
	s2h.pending_sec = 0;
	if (s2h.handoff == S2H_HANDOFF_WAITING) {
		s2h.handoff = S2H_HANDOFF_NONE;
		s2h.handoff_refused = true;
		s2h.stats[S2H_STAT_HANDOFF_FALLBACKS]++;
		wake_up(&s2h.handoff_wait);
	}
	if (s2h.state == S2H_STATE_SETTLING) {
		s2h.settle_resuspended = true;
		wake_up(&s2h.settle_wait);
	}
	if (sec || s2h.state != S2H_STATE_IDLE)
		pr_info("a suspend or hibernation of the user's before s2h's own: it takes its place\n");
	if (s2h.state != S2H_STATE_IDLE)
		s2h_set_state(S2H_STATE_IDLE);
	return sec;
}

/* The number of the action a work item acts for: see s2h_action_dropped(). */
u64 s2h_action_begin(void)
{
	u64 seq;

	mutex_lock(&s2h.lock);
	seq = s2h.decided_seq;
	mutex_unlock(&s2h.lock);
	return seq;
}

/* The user is back: what s2h was about to do is dropped, the system stays up. */
static void s2h_cancel(const char *what)
{
	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_CANCELLED]++;
	s2h.pending_sec = 0;
	/* The user took the dark wake over: awake for them since. */
	s2h.dark_woke = false;
	s2h_set_state(S2H_STATE_IDLE);
	mutex_unlock(&s2h.lock);
	pr_info("the user is back: no %s\n", what);
	s2h_event(S2H_EVENT_CANCELLED, NULL);
}

/*
 * Whether the action @seq, about to do @what, must not: a transition of
 * the user's superseded it (s2h_supersede(): its state is that one's
 * now), or the user is back - an input device had a wakeup event since
 * the wake - and the action is cancelled.
 */
bool s2h_action_dropped(u64 seq, const char *what)
{
	bool superseded;
	ktime_t woke;

	mutex_lock(&s2h.lock);
	superseded = seq != s2h.action_seq;
	woke = s2h.woke_mono;
	mutex_unlock(&s2h.lock);
	if (superseded) {
		pr_info("superseded by a transition of the user's: no %s\n", what);
		return true;
	}
	if (!s2h_input_since(woke))
		return false;
	s2h_cancel(what);
	return true;
}

/*
 * One try at s2h's own transition for the action @seq: it is told by the
 * task that makes it, and a suspend arms its alarm for @rearm_sec (0:
 * none). The PM notifiers refuse it once the action was superseded.
 */
void s2h_own_transition_begin(u32 rearm_sec, u64 seq)
{
	mutex_lock(&s2h.lock);
	s2h.transition_task = current;
	s2h.rearm_sec = rearm_sec;
	s2h.own_seq = seq;
	mutex_unlock(&s2h.lock);
}

/*
 * The end waits for the wake that ended s2h's suspend, whose work sets
 * rearm_sec for the next one (and tells its events before a failed try's),
 * and leaves that alone.
 */
void s2h_own_transition_end(void)
{
	s2h_wake_settle();
	mutex_lock(&s2h.lock);
	s2h.transition_task = NULL;
	mutex_unlock(&s2h.lock);
}
