// SPDX-License-Identifier: GPL-2.0
/*
 * The wake test (s2hctl check --verify-wake): one real suspend in the
 * machine's own mode, which s2h's alarm is to end after a short delay,
 * judged as a cycle's wake is (s2h_classify_wake()) and then left alone:
 * no hibernation, no sleep again, no setting changed, no cycle counted.
 * What it proves is what no pre-flight check can: that this machine's RTC
 * ends this machine's sleep, as s2h arms it, in the window s2h allows.
 */
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/workqueue.h>

#include "cycle.h"
#include "hibernate.h"
#include "sysiface.h"

/*
 * The sleep "mem" enters: the word in brackets of /sys/power/mem_sleep,
 * "s2idle [deep]". mem_sleep_current is not exported. A kernel without the
 * file (no suspend to idle choice) suspends to RAM.
 */
static enum s2h_mem_sleep s2h_mem_sleep_now(void)
{
	char buf[64], *start, *end;
	int i;

	if (s2h_power_file_read("mem_sleep", buf, sizeof(buf)) < 0)
		return S2H_MEM_SLEEP_DEEP;
	start = strchr(buf, '[');
	end = start ? strchr(start, ']') : NULL;
	if (!end)
		return S2H_MEM_SLEEP_DEEP;
	*end = '\0';
	for (i = 0; i < __S2H_MEM_SLEEP_MAX; i++)
		if (!strcmp(start + 1, s2h_mem_sleep_name(i)))
			return i;
	return S2H_MEM_SLEEP_DEEP;
}

/**
 * s2h_wake_test_prepare() - arm the alarm of a suspend that is the test's
 *
 * Return: true for the test's suspend, which the cycle leaves alone.
 */
bool s2h_wake_test_prepare(void)
{
	/*
	 * The PM notifier runs in the task that asked for the suspend: the
	 * test's worker for the test's own. Armed as the suspend starts, as a
	 * cycle's is, so that its times are the suspend's.
	 */
	if (READ_ONCE(s2h.test.task) != current)
		return false;
	s2h_wake_settle();
	s2h_sleep_state_forget();
	s2h_alarm_arm(&s2h.test.alarm, s2h.test.delay_sec, ktime_get_boottime());
	s2h.test.armed = true;
	return true;
}

/**
 * s2h_wake_test_woke() - take the times of a suspend that was the test's
 *
 * Return: true for the test's suspend, which the cycle leaves alone.
 */
bool s2h_wake_test_woke(void)
{
	struct s2h_wake_facts times;

	if (READ_ONCE(s2h.test.task) != current)
		return false;
	if (s2h.test.armed)
		s2h_alarm_woke(&s2h.test.alarm, &times);
	return true;
}

/*
 * The test's suspend ended (@err: the write's): what woke it, as the cycle
 * would have it, and the verdict.
 */
static void s2h_wake_test_judge(int err, bool hpet, struct s2h_wake_test_status *r)
{
	struct s2h_wake_test_facts t = { .wake = S2H_WAKE_ABORTED };
	struct s2h_wake_source src = {};
	struct s2h_wake_facts facts = {};

	r->hw_sleep_us = S2H_HW_SLEEP_UNKNOWN;
	if (s2h.test.armed) {
		s2h_alarm_disarm(&s2h.test.alarm, &facts, &src);
		/* The RTC's word, the wake IRQ and the lid, as a cycle's wake has them. */
		mutex_lock(&s2h.lock);
		s2h_wake_evidence(&facts);
		mutex_unlock(&s2h.lock);
		t.wake = s2h_classify_wake(&facts);
		r->offset_ms = facts.elapsed_ms - (s64)facts.delay_sec * MSEC_PER_SEC;
		strscpy(r->wake_source, src.name, sizeof(r->wake_source));
	}
	if (t.wake != S2H_WAKE_ABORTED)
		r->hw_sleep_us = s2h_hw_sleep_us();
	t.facts = &facts;
	t.s2idle = r->mem_sleep == S2H_MEM_SLEEP_S2IDLE;
	t.hw_sleep_us = r->hw_sleep_us;
	t.hpet_alarm = hpet;
	r->reason = s2h_wake_test_verdict(&t);
	r->result = r->reason == S2H_WAKE_TEST_REASON_NONE ? S2H_WAKE_TEST_PASSED :
							      S2H_WAKE_TEST_FAILED;
	if (r->reason == S2H_WAKE_TEST_REASON_ABORTED)
		r->error = err ? err : -EINTR;
}

void s2h_wake_test_work(struct work_struct *work)
{
	struct s2h_wake_test_status r = {};
	struct s2h_event_info ev = {};
	bool hpet;
	int err;

	r.mem_sleep = s2h_mem_sleep_now();
	hpet = s2h_rtc_hpet_emulated();
	mutex_lock(&s2h.lock);
	r.alarm_sec = s2h.test.delay_sec;
	s2h.test.armed = false;
	WRITE_ONCE(s2h.test.task, current);
	mutex_unlock(&s2h.lock);

	pr_info("wake test: suspending to %s, s2h's alarm due in %u s\n",
		s2h_mem_sleep_name(r.mem_sleep), r.alarm_sec);
	/* "mem": what mem_sleep says, the machine's own sleep; pm_suspend() takes no such word. */
	err = s2h_power_file_write("state", "mem");
	WRITE_ONCE(s2h.test.task, NULL);
	s2h_wake_test_judge(err, hpet, &r);
	r.time = ktime_get_real_seconds();

	mutex_lock(&s2h.lock);
	s2h.wake_test = r;
	mutex_unlock(&s2h.lock);
	ev.wake_test = &r;

	pr_info("wake test %s (%s): woke %lld ms from the alarm's due time, wakeup source %s, hardware sleep %lld us, error %d\n",
		s2h_wake_test_name(r.result), s2h_wake_test_reason_name(r.reason), r.offset_ms,
		r.wake_source[0] ? r.wake_source : "none", r.hw_sleep_us, r.error);
	s2h_event(S2H_EVENT_WAKE_TEST_RESULT, &ev);
	module_put(THIS_MODULE);
}

/**
 * s2h_wake_test_restore() - take a wake test that passed in an earlier boot as passed
 * @passed: what it found; its result and reason are not looked at
 *
 * As s2h_verify_restore(): userspace keeps the record of a test that
 * passed and hands it back at each load while the machine, its firmware,
 * the kernel, the RTC's driver and mem_sleep are the ones it passed with.
 * A test of this load always wins over the record.
 *
 * Return: 0; -EBUSY while a test runs; -EEXIST once one ran or was
 * restored since the module was loaded.
 */
int s2h_wake_test_restore(const struct s2h_wake_test_status *passed)
{
	struct s2h_event_info ev = {};
	struct s2h_wake_test_status told;
	enum s2h_wake_test now;

	mutex_lock(&s2h.lock);
	now = s2h.wake_test.result;
	if (now != S2H_WAKE_TEST_NEVER) {
		mutex_unlock(&s2h.lock);
		return now == S2H_WAKE_TEST_RUNNING ? -EBUSY : -EEXIST;
	}
	s2h.wake_test = *passed;
	s2h.wake_test.result = S2H_WAKE_TEST_PASSED;
	s2h.wake_test.reason = S2H_WAKE_TEST_REASON_NONE;
	s2h.wake_test.error = 0;
	s2h.wake_test.restored = true;
	told = s2h.wake_test;
	mutex_unlock(&s2h.lock);

	pr_info("wake test of %lld restored: it passed on this machine, kernel and mem_sleep\n",
		told.time);
	ev.wake_test = &told;
	s2h_event(S2H_EVENT_WAKE_TEST_RESULT, &ev);
	return 0;
}

void s2h_wake_test_init(void)
{
	s2h.wake_test.hw_sleep_us = S2H_HW_SLEEP_UNKNOWN;
	s2h_alarm_init(&s2h.test.alarm);
}

/* The work holds the module: none runs by now. */
void s2h_wake_test_exit(void)
{
	s2h_alarm_cancel(&s2h.test.alarm);
}
