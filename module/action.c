// SPDX-License-Identifier: GPL-2.0
/*
 * What an alarm's wake decided, from s2h's work queue, never from a
 * notifier (PM notifiers run under the system transition lock that
 * hibernate() and pm_suspend() take): hibernate, or hand the hibernation
 * to userspace; go back to sleep for a check or a retry; the last
 * resort's power-off. Each acts for the decision that queued it.
 */
#include <linux/delay.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/string.h>
#include <linux/wait.h>

#include "compat.h"
#include "cycle.h"
#include "hibernate.h"
#include "image.h"
#include "trace.h"
#include "userinput.h"

static void s2h_sleep_failed(int err, unsigned int try)
{
	struct s2h_event_info ev = { .error = err };

	s2h_clear_wakeup_check();
	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_SLEEP_FAILURES]++;
	mutex_unlock(&s2h.lock);
	pr_warn("going back to sleep failed (%pe), try %u of %u\n", ERR_PTR(err), try + 1,
		S2H_SLEEP_TRIES);
	s2h_event(S2H_EVENT_SLEEP_FAILED, &ev);
}

/*
 * Back into the state the alarm woke the system from, the alarm armed for
 * @rearm_sec if not 0. A device or task that refuses is given a few more
 * tries; the user coming back ends it.
 *
 * Return: 0 once the system slept and woke again, or the user is back;
 * the error of the last try when every one failed.
 */
static int s2h_go_back_to_sleep(u32 rearm_sec, u64 seq)
{
	suspend_state_t state;
	unsigned int try;
	int err = 0;

	for (try = 0; try < S2H_SLEEP_TRIES; try++) {
		if (try)
			msleep(s2h_sleep_retry_ms(try));
		if (s2h_action_dropped(seq, "going back to sleep"))
			return 0;
		mutex_lock(&s2h.lock);
		state = s2h.sleep_state;
		mutex_unlock(&s2h.lock);

		s2h_own_transition_begin(rearm_sec, seq);
		err = s2h_sleep_again(state);
		s2h_own_transition_end();
		/* -EAGAIN: superseded while it waited, see s2h_suspend_prepare(). */
		if (!err || (err == -EAGAIN && s2h_action_dropped(seq, "going back to sleep")))
			return 0;
		s2h_sleep_failed(err, try);
	}
	return err;
}

static void s2h_hibernate_now(bool sleep_failed, u64 seq);

void s2h_sleep_work(struct work_struct *work)
{
	u64 seq = s2h_action_begin();
	u32 rearm_sec;

	mutex_lock(&s2h.lock);
	rearm_sec = s2h.rearm_sec;
	mutex_unlock(&s2h.lock);

	/* A machine that cannot sleep must not stay awake in a bag. */
	if (s2h_go_back_to_sleep(rearm_sec, seq)) {
		pr_err("cannot go back to sleep: hibernating instead\n");
		s2h_hibernate_now(true, seq);
	}
	module_put(THIS_MODULE);
}

/*
 * A machine whose hibernation failed must not stay awake in a bag: put it
 * back to sleep, with the alarm armed for another try while the cycle has
 * retries left, each after a longer sleep, and without an alarm after
 * that, so that failures never loop.
 */
static void s2h_hibernate_failed(int err, u64 seq)
{
	struct s2h_event_info ev = {};
	struct s2h_power pw;
	u32 watch_sec = 0;

	s2h_power_read(&pw);
	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_RESUSPENDS]++;
	s2h.attempts_failed++;
	if (s2h.attempts_failed <= s2h.config.retries) {
		ev.delay_sec = s2h_retry_delay(s2h.config.delay_sec, s2h.attempts_failed);
		s2h.stats[S2H_STAT_HIBERNATE_RETRIES]++;
	} else if (s2h_last_resort_on(&pw)) {
		s2h.watch = true;
		watch_sec = s2h.config.battery_check_sec;
	}
	if (seq == s2h.action_seq)
		s2h.pending_sec = ev.delay_sec ? ev.delay_sec : watch_sec;
	mutex_unlock(&s2h.lock);

	if (ev.delay_sec) {
		pr_err("hibernation failed (%pe): going back to sleep, next try in %u s\n",
		       ERR_PTR(err), ev.delay_sec);
		s2h_event(S2H_EVENT_HIBERNATE_RETRY, &ev);
	} else if (watch_sec) {
		pr_err("hibernation failed (%pe): going back to sleep, watching the battery every %u s for the last resort\n",
		       ERR_PTR(err), watch_sec);
	} else {
		pr_err("hibernation failed (%pe): going back to sleep without an alarm\n",
		       ERR_PTR(err));
	}
	err = s2h_go_back_to_sleep(ev.delay_sec ? ev.delay_sec : watch_sec, seq);
	if (err)
		pr_err("cannot hibernate nor go back to sleep (%pe): the system stays up\n",
		       ERR_PTR(err));
}

static const char * const s2h_image_end_name[] = {
	[S2H_IMAGE_NONE] = "no image came back",
	[S2H_IMAGE_RESTORED] = "restored from its image",
	[S2H_IMAGE_RESUMED] = "back from memory, its image written",
	[S2H_IMAGE_UNDONE_EARLY] = "undone before the image was made",
	[S2H_IMAGE_UNDONE_LATE] = "undone after the image was written",
};

/*
 * The error of a hibernation that started at monotonic @since and
 * returned @err, and whose wakeup event failed or undid it: a wakeup
 * source with an event since, in @src.
 */
int s2h_hibernation_result(int err, ktime_t since, struct s2h_wake_source *src)
{
	enum s2h_image_end end = s2h_image_end();

	if (!err)
		err = s2h_image_error(end);
	if (!err) {
		src->evidence = S2H_SOURCE_NONE;
		src->name[0] = '\0';
		return 0;
	}
	s2h_wake_sources_since(since, src);
	if (end == S2H_IMAGE_UNDONE_EARLY || end == S2H_IMAGE_UNDONE_LATE) {
		/* Undone for a wakeup event, whether or not s2h can name its source. */
		if (src->evidence == S2H_SOURCE_NONE)
			src->evidence = S2H_SOURCE_OTHER;
		pr_warn("hibernation %s by the kernel, a wakeup event of %s\n",
			s2h_image_end_name[end], src->name[0] ? src->name : "an unnamed source");
	} else if (src->name[0])
		pr_warn("hibernation failed (%pe) after a wakeup event of %s\n", ERR_PTR(err),
			src->name);
	return err;
}

/*
 * The end of s2h's hibernation for the action @seq, @err as
 * s2h_hibernation_result() made it, @src the wakeup source that failed or
 * undid it: a failure goes back to sleep for another try (unless
 * @sleep_failed: the system cannot), or stays up when the user is back.
 */
static void s2h_hibernation_ended(int err, const struct s2h_wake_source *src,
				  bool sleep_failed, u64 seq)
{
	struct s2h_event_info ev = { .error = err };
	unsigned int attempt;
	struct s2h_power pw;
	bool hybrid;
	u64 cycle;

	mutex_lock(&s2h.lock);
	s2h.last->result = ev.error;
	/* As the failure's decision, the news of the cycle: a later try does not clear it. */
	if (src->name[0])
		strscpy(s2h.last->undone_by, src->name, sizeof(s2h.last->undone_by));
	if (err && src->evidence != S2H_SOURCE_NONE)
		s2h.stats[S2H_STAT_HIBERNATIONS_UNDONE]++;
	attempt = s2h.attempts_failed + 1;
	hybrid = s2h.config.hibernate_mode == S2H_MODE_SUSPEND;
	cycle = s2h.last->seq;
	mutex_unlock(&s2h.lock);
	trace_s2h_hibernate(cycle, ev.error, hybrid, attempt);
	s2h_event(S2H_EVENT_HIBERNATE_RESULT, &ev);
	if (ev.error) {
		s2h_clear_wakeup_check();
		if (s2h_action_dropped(seq, "retry of the hibernation"))
			return;
		mutex_lock(&s2h.lock);
		s2h.stats[S2H_STAT_HIBERNATE_FAILURES]++;
		s2h_set_state(S2H_STATE_IDLE);
		mutex_unlock(&s2h.lock);
		if (sleep_failed)
			pr_err("cannot hibernate nor go back to sleep (%pe): the system stays up\n",
			       ERR_PTR(ev.error));
		else
			s2h_hibernate_failed(ev.error, seq);
		return;
	}

	/* What the hibernation cost, read before the resume is told (the record's). */
	s2h_power_read(&pw);
	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_RESUMES]++;
	s2h.last->energy_resume = pw.energy;
	if (pw.energy_full >= 0)
		s2h.last->energy_full = pw.energy_full;
	if (seq == s2h.action_seq) {
		s2h.pending_sec = 0;
		s2h_set_state(S2H_STATE_IDLE);
	}
	mutex_unlock(&s2h.lock);
	pr_info("resumed from hibernation\n");
	s2h_event(S2H_EVENT_RESUMED, NULL);
}

/*
 * s2h's hibernation for the action @seq, the one the alarm asked for or
 * the way out when the system cannot go back to sleep (@sleep_failed: then
 * a failure cannot go back to sleep either).
 */
static void s2h_hibernate_now(bool sleep_failed, u64 seq)
{
	struct s2h_wake_source src;
	const char *disk_mode;
	ktime_t since;
	int err;

	if (s2h_action_dropped(seq, "hibernation"))
		return;
	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_HIBERNATIONS]++;
	s2h_set_state(S2H_STATE_HIBERNATING);
	disk_mode = s2h.config.hibernate_mode == S2H_MODE_SUSPEND ? S2H_DISK_SUSPEND : NULL;
	mutex_unlock(&s2h.lock);

	pr_info("starting hibernation\n");
	s2h_event(S2H_EVENT_HIBERNATE_START, NULL);
	since = ktime_get();
	s2h_own_transition_begin(0, seq);
	err = s2h_arm_wakeup_check();
	if (!err)
		err = s2h_hibernate(disk_mode);
	s2h_own_transition_end();
	/* Refused by s2h_hibernation_prepare(): there is no hibernation to tell of. */
	if (err == -EAGAIN && s2h_action_dropped(seq, "hibernation"))
		return;
	err = s2h_hibernation_result(err, since, &src);
	s2h_hibernation_ended(err, &src, sleep_failed, seq);
}

/*
 * The hibernation the alarm asked for, handed to userspace when
 * handoff_sec says so: systemd runs its sleep hooks and the units of
 * systemd-hibernate.service (nvidia-hibernate.service...) around a
 * hibernation it starts, never around one s2h starts. When none starts
 * within handoff_sec - nobody listens, systemd refuses or hangs - s2h
 * hibernates itself: the system never stays up for want of an answer, and
 * the cycle's later hibernations are s2h's own. A suspend in the wait
 * (logind's, for a lid still closed) takes its place (s2h_supersede()).
 *
 * Return: true when nothing is left to do: userspace's hibernation started
 * (s2h_post_hibernation() sees its end), or a suspend took its place.
 */
static bool s2h_hand_off(void)
{
	struct s2h_event_info ev = {};
	enum s2h_handoff handoff;
	u32 sec;

	mutex_lock(&s2h.lock);
	ev.config = s2h.config;
	sec = s2h.handoff_refused ? 0 : ev.config.handoff_sec;
	if (sec) {
		s2h.handoff = S2H_HANDOFF_WAITING;
		s2h_set_state(S2H_STATE_HANDOFF);
	}
	mutex_unlock(&s2h.lock);
	if (!sec)
		return false;

	pr_info("asking userspace to hibernate within %u s\n", sec);
	s2h_event(S2H_EVENT_HANDOFF, &ev);
	/* Idle, not uninterruptible: the wait may outlast the hung task timeout. */
	wait_event_idle_timeout(s2h.handoff_wait,
				READ_ONCE(s2h.handoff) != S2H_HANDOFF_WAITING,
				sec * HZ);

	mutex_lock(&s2h.lock);
	handoff = s2h.handoff;
	if (handoff == S2H_HANDOFF_WAITING) {
		s2h.handoff = S2H_HANDOFF_NONE;
		s2h.handoff_refused = true;
		s2h_set_state(S2H_STATE_HIBERNATING);
		s2h.stats[S2H_STAT_HANDOFF_FALLBACKS]++;
	}
	mutex_unlock(&s2h.lock);

	switch (handoff) {
	case S2H_HANDOFF_WAITING:
		pr_warn("userspace did not hibernate within %u s: hibernating in the kernel\n",
			sec);
		return false;
	case S2H_HANDOFF_TAKEN:
		pr_info("userspace started hibernating\n");
		s2h_event(S2H_EVENT_HIBERNATE_START, NULL);
		return true;
	default:
		pr_warn("userspace suspended instead of hibernating: the suspend's alarm will hibernate in the kernel\n");
		return true;
	}
}

/*
 * The user came back in the settle: the cycle ends as a wake of the
 * user's would have, the machine theirs. The alarm's wake was counted as
 * such (stats); the cycle's record says early, and nothing decided.
 */
static void s2h_settle_cancel(u64 seq)
{
	mutex_lock(&s2h.lock);
	if (seq != s2h.action_seq) {
		mutex_unlock(&s2h.lock);
		return;
	}
	s2h.stats[S2H_STAT_CANCELLED]++;
	s2h.pending_sec = 0;
	s2h.last_wake = S2H_WAKE_EARLY;
	s2h.last->wake = S2H_WAKE_EARLY;
	/* As in s2h_record_wake(): a failed hibernation of the cycle stays its news. */
	if (!s2h.attempts_failed)
		s2h.last->decision = S2H_DECISION_NONE;
	s2h_set_state(S2H_STATE_IDLE);
	mutex_unlock(&s2h.lock);
	pr_info("input while settling: the user is back, no hibernation\n");
	s2h_event(S2H_EVENT_CANCELLED, NULL);
}

/*
 * What a settle of @sec seconds for the action @seq, started at boottime
 * @start, does next, on what it sees now: the user's input, by the watch
 * or as a wakeup event since the wake; the battery.
 */
static enum s2h_settle_step s2h_settle_next(u64 seq, u32 sec, ktime_t start)
{
	struct s2h_settle_facts f = { .settle_sec = sec };
	struct s2h_power pw;
	ktime_t woke;

	mutex_lock(&s2h.lock);
	if (seq != s2h.action_seq) {
		mutex_unlock(&s2h.lock);
		return S2H_SETTLE_SUPERSEDED;
	}
	woke = s2h.woke_mono;
	f.battery_critical = s2h.config.battery_critical;
	mutex_unlock(&s2h.lock);

	s2h_power_read(&pw);
	f.on_ac = pw.on_ac;
	f.battery = pw.battery;
	f.elapsed_ms = ktime_ms_delta(ktime_get_boottime(), start);
	f.input = s2h_user_seen() || s2h_input_since(woke);
	return s2h_settle_step(&f);
}

/* The next wait of a settle: to its end, the battery read at least every S2H_SETTLE_POLL_MS. */
static unsigned long s2h_settle_slice(u32 sec, ktime_t start)
{
	s64 left = (s64)sec * MSEC_PER_SEC - ktime_ms_delta(ktime_get_boottime(), start);

	return msecs_to_jiffies(clamp_t(s64, left, 1, S2H_SETTLE_POLL_MS));
}

/* The settle's watch and waits; the user's input or a suspend ends a wait at once. */
static enum s2h_settle_step s2h_settle_wait(u64 seq, u32 sec)
{
	ktime_t start = ktime_get_boottime();
	enum s2h_settle_step step;
	u64 cycle;

	mutex_lock(&s2h.lock);
	cycle = s2h.last->seq;
	mutex_unlock(&s2h.lock);
	/* Idle, not uninterruptible: the wait may outlast the hung task timeout. */
	while ((step = s2h_settle_next(seq, sec, start)) == S2H_SETTLE_WAIT)
		wait_event_idle_timeout(s2h.settle_wait,
					s2h_user_seen() || READ_ONCE(s2h.action_seq) != seq,
					s2h_settle_slice(sec, start));
	trace_s2h_settle(cycle, sec, step, ktime_ms_delta(ktime_get_boottime(), start));
	if (step == S2H_SETTLE_HIBERNATE &&
	    ktime_ms_delta(ktime_get_boottime(), start) < (s64)sec * MSEC_PER_SEC)
		pr_warn("the battery reached battery_critical: hibernating before the settle is over\n");
	return step;
}

/*
 * The settle the alarm's wake asks for with settle_sec: the system runs
 * that long before it hibernates (or hands the hibernation off), for the
 * drivers that hang hibernating straight from a resume (amdgpu, nvidia:
 * systemd #27559). The user's input in that time cancels the hibernation;
 * a suspend or hibernation of the user's (logind's, the lid still closed)
 * takes its place as it would the handoff's (s2h_supersede()), its alarm
 * going on with the cycle; a battery at battery_critical hibernates at
 * once. rmmod is refused meanwhile: this work holds the module
 * (s2h_queue()). A watch that cannot start settles nothing: the system
 * never stays up for it.
 *
 * Return: true when the hibernation goes ahead.
 */
static bool s2h_settle(u64 seq)
{
	struct s2h_event_info ev = {};
	enum s2h_settle_step step;
	int err;
	u32 sec;

	mutex_lock(&s2h.lock);
	ev.config = s2h.config;
	sec = s2h_settle_sec(ev.config.settle_sec, s2h.settle_resuspended);
	if (sec)
		s2h_set_state(S2H_STATE_SETTLING);
	mutex_unlock(&s2h.lock);
	if (!sec)
		return true;

	err = s2h_user_watch_start(&s2h.settle_wait);
	if (err) {
		pr_warn("cannot watch the input devices (%pe): hibernating without settling\n",
			ERR_PTR(err));
		step = S2H_SETTLE_HIBERNATE;
	} else {
		pr_info("settling for %u s before hibernating: input cancels it\n", sec);
		ev.config.settle_sec = sec;
		s2h_event(S2H_EVENT_SETTLE, &ev);
		step = s2h_settle_wait(seq, sec);
		s2h_user_watch_stop();
	}

	switch (step) {
	case S2H_SETTLE_HIBERNATE:
		mutex_lock(&s2h.lock);
		if (seq == s2h.action_seq)
			s2h_set_state(S2H_STATE_HIBERNATING);
		mutex_unlock(&s2h.lock);
		return true;
	case S2H_SETTLE_CANCEL:
		s2h_settle_cancel(seq);
		return false;
	default:
		pr_info("superseded by a transition of the user's while settling: no hibernation\n");
		return false;
	}
}

void s2h_hibernate_work(struct work_struct *work)
{
	u64 seq = s2h_action_begin();

	if (!s2h_action_dropped(seq, "hibernation") && s2h_settle(seq) && !s2h_hand_off())
		s2h_hibernate_now(false, seq);
	module_put(THIS_MODULE);
}

/*
 * userspace's hibernation tells s2h nothing of how it went but what s2h's
 * device saw (image.c): anything but a system back from its image, or
 * from memory after writing it, is a failure, handled as s2h's own.
 */
void s2h_handoff_end_work(struct work_struct *work)
{
	u64 seq = s2h_action_begin();
	struct s2h_wake_source src;
	ktime_t woke;
	int err;

	mutex_lock(&s2h.lock);
	woke = s2h.woke_mono;
	mutex_unlock(&s2h.lock);
	err = s2h_hibernation_result(0, woke, &src);
	if (err == -EIO)
		pr_err("the hibernation userspace started did not write an image (see its log)\n");
	s2h_hibernation_ended(err, &src, false, seq);
	module_put(THIS_MODULE);
}

/*
 * The last resort: hibernation is out and the battery is about to die in
 * suspend, which would lose all that is not on disk. The init system
 * shuts down in order (poweroff_cmd); if it cannot be started, the kernel
 * syncs and powers off itself, and if it hangs, the kernel powers off
 * without a sync S2H_POWEROFF_FORCE_MS later (hardware protection).
 */
void s2h_poweroff_work(struct work_struct *work)
{
	struct s2h_event_info ev = {};

	if (s2h_action_dropped(s2h_action_begin(), "power-off"))
		goto out;
	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_POWER_OFFS]++;
	ev.battery = s2h.last->battery_wake;
	mutex_unlock(&s2h.lock);

	pr_crit("battery at %d %%, hibernation out: powering off in order\n", ev.battery);
	s2h_event(S2H_EVENT_POWER_OFF, &ev);
	s2h_hw_protection_poweroff("s2h: battery critical, hibernation out",
				   S2H_POWEROFF_FORCE_MS);
out:
	module_put(THIS_MODULE);
}
