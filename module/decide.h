/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The decisions s2h takes when an armed suspend ends: what woke the system,
 * and, for its own alarm, whether to hibernate or sleep on. Pure functions of
 * what was armed and measured, with no kernel state, so that they can be
 * tested table-driven.
 */
#ifndef _S2H_DECIDE_H
#define _S2H_DECIDE_H

#include <linux/limits.h>
#include <linux/types.h>
#include <linux/s2h.h>

/*
 * alarmtimer_suspend() reads the RTC in whole seconds and programs it with
 * the remaining time truncated to whole seconds: the RTC can wake the system
 * up to 2 s before the alarm's boottime expiry (a 6 s alarm was seen to wake
 * a VM after 5.4 s).
 */
#define S2H_RTC_EARLY_MS	2000

/*
 * The alarm's wake is seen within the time devices take to resume, far less
 * than this after it was due: a wake later than that, whatever the RTC says,
 * is not the alarm's.
 */
#define S2H_RTC_LATE_MS		60000

/*
 * A wake that no input device caused leaves the alarm's deadline standing
 * for a suspend that starts within this long of it: a lid-closed laptop
 * that the network or the EC woke is put back to sleep by logind within
 * its 30 s hold-off, while a user who was back has had the time to open
 * something by then.
 */
#define S2H_KEEP_DEADLINE_MS	120000

/*
 * The alarm of a suspend that starts when the cycle's deadline has passed
 * or is about to (a lid closed again while s2h waited to hibernate, a dark
 * wake's suspend just before the deadline kept): its wake decides at once.
 * alarmtimer_suspend() refuses the suspend when the next alarm is less
 * than 2 s away once the devices are suspended, and programs nothing for
 * one that already fired; a slow device takes seconds: this leaves room
 * for both, never the user's suspend aborted nor a sleep without a wake.
 */
#define S2H_ALARM_FLOOR_SEC	30

/*
 * Under the delay policy the battery is watched through the delay: s2h
 * wants to be awake to hibernate this long before the battery is projected
 * to reach battery_threshold, as systemd's estimate keeps 30 min in hand.
 */
#define S2H_DRAIN_MARGIN_SEC	(30 * 60)

/*
 * The shortest suspend whose drain is measured: whole percent say little
 * sooner. Under the floor's alarm, which the RTC may end 2 s early.
 */
#define S2H_DRAIN_MIN_MS	20000

/* Going back to sleep: this many tries, the wait doubling from the first. */
#define S2H_SLEEP_TRIES		4
#define S2H_SLEEP_RETRY_FIRST_MS	1000

/*
 * The last resort's power-off is forced this long after it starts, if the
 * init system has not powered off by then: a unit that hangs its stop
 * would otherwise keep the machine up until the battery dies mid-shutdown.
 * An orderly shutdown of a laptop takes seconds, and systemd kills a unit
 * that hangs its stop after DefaultTimeoutStopSec (90 s), after which it
 * still unmounts in order; two minutes awake cost a laptop drawing 10 to
 * 15 W about 1 % of a 40 to 50 Wh battery, less than battery_critical
 * leaves. The forced power-off does not sync: what was not written by then
 * (unsaved page cache, filesystems not unmounted) is lost, as in a power cut.
 */
#define S2H_POWEROFF_FORCE_MS	(120 * 1000)

/* What the RTC's wakeup source says about the suspend that just ended. */
enum s2h_rtc_evidence {
	S2H_RTC_UNKNOWN,	/* the RTC has no wakeup source to ask */
	S2H_RTC_SILENT,		/* it signalled no wakeup event */
	S2H_RTC_WOKE,		/* it signalled a wakeup event */
};

/* What the other wakeup sources say: which of them had an event since arming. */
enum s2h_source_evidence {
	S2H_SOURCE_NONE,	/* none of them */
	S2H_SOURCE_OTHER,	/* a device that is no input device: network, EC, USB port */
	S2H_SOURCE_BATTERY,	/* a battery whose own alarm s2h set: its charge fell to it */
	S2H_SOURCE_INPUT,	/* an input device: keyboard, touchpad, lid, power button */
};

/*
 * What the IRQ that ended the sleep says (/sys/power/pm_wakeup_irq, which
 * the kernel sets only for an IRQ that fired while the devices' IRQs were
 * suspended: suspend to idle; an S3 wake through the firmware leaves none).
 */
enum s2h_irq_evidence {
	S2H_IRQ_UNKNOWN,	/* none recorded, or the kernel does not say */
	S2H_IRQ_SHARED,		/* one that carries the RTC's and others' events: ACPI's SCI */
	S2H_IRQ_RTC,		/* the RTC's own */
	S2H_IRQ_OTHER,		/* another device's */
};

/* The lid switch as the system resumed (lid.c). */
enum s2h_lid_evidence {
	S2H_LID_UNKNOWN,	/* no lid switch known: none, or no driver for it */
	S2H_LID_CLOSED,
	S2H_LID_OPEN,
};

/*
 * Whether the suspend reached its sleep state, as the kernel's tracepoint
 * says (sleeptrace.c): the evidence that holds where timekeeping ran on
 * through suspend to idle.
 */
enum s2h_sleep_evidence {
	S2H_SLEEP_UNKNOWN,	/* no tracepoint: timekeeping alone tells */
	S2H_SLEEP_NOT_REACHED,	/* it stopped short of sleeping: pm_test, a refusal */
	S2H_SLEEP_REACHED,	/* the platform slept, or the CPUs went idle for s2idle */
};

struct s2h_wake_facts {
	u32 delay_sec;		/* what the alarm was armed for */
	s64 elapsed_ms;		/* boottime from arming to the end of the suspend */
	s64 slept_ms;		/* time asleep, as timekeeping measured it */
	enum s2h_rtc_evidence rtc;
	enum s2h_source_evidence source;
	enum s2h_sleep_evidence sleep;
	enum s2h_irq_evidence irq;
	enum s2h_lid_evidence lid;
	bool rtc_reports;	/* the RTC's wakeup source counted a wake in this sleep state */
};

/*
 * Why an alarm's wake is decided as it is. Each rule that hibernates early
 * has its own reason, so that rules added later compose with these and
 * the counters tell them apart.
 */
enum s2h_reason {
	S2H_REASON_NONE,
	S2H_REASON_DELAY,		/* the delay in force has passed */
	S2H_REASON_BATTERY_LOW,		/* at or below battery_threshold */
	S2H_REASON_BATTERY_PROJECTED,	/* battery policy: projected to reach it */
	S2H_REASON_DRAIN_BUDGET,	/* dropped more than drain_budget since the suspend */
	S2H_REASON_ON_AC,		/* on mains power with hibernate_on_ac 0 */
	S2H_REASON_CHECK,		/* a check before the delay: sleep on */
	S2H_REASON_WATCH,		/* the last resort watches, battery not critical */
	S2H_REASON_CRITICAL,		/* the last resort: battery critical, power off */
	S2H_REASON_THERMAL,		/* a thermal zone at thermal_limit: at once */
	S2H_REASON_NO_HW_SLEEP,		/* s2idle without hardware sleep: at once */
};

/* The delays, as the settings have them. */
struct s2h_delays {
	u32 delay_sec;			/* on battery, at or above battery_high */
	u32 delay_low_sec;		/* on battery, below it */
	u32 battery_high;		/* percent, 0: delay_sec at any level */
	u32 ac_delay_sec;		/* on mains power, 0: as on battery */
};

/* What the alarm's wake leaves to policy. */
struct s2h_policy_facts {
	enum s2h_policy policy;
	bool hibernate_on_ac;
	u32 battery_threshold;	/* percent, 0: off */
	u32 drain_budget;	/* percent, 0: off */
	u32 battery_critical;	/* percent, 0: no last resort */
	u32 check_sec;		/* when the next battery check would be */
	u32 delay_sec;		/* the delay in force now, s2h_cycle_delay() */
	bool watch;		/* hibernation is out: only the last resort is left */
	bool on_ac;
	int battery;		/* percent now, or < 0 when unknown */
	int battery_armed;	/* percent when the alarm was armed, or < 0 */
	int battery_start;	/* percent at the suspend that started the cycle, or < 0 */
	s64 elapsed_ms;		/* from arming to now */
	s64 cycle_ms;		/* from the suspend that started the cycle to now */
	u32 drain_mpph;		/* drain measured in earlier suspends, 0.001 %/h; 0: unknown */
	bool battery_alarm;	/* the battery's own alarm was set at battery_threshold */
	s64 energy;		/* uWh now, S2H_ENERGY_UNKNOWN when the batteries do not say */
	s64 energy_armed;	/* uWh when the alarm was armed, or S2H_ENERGY_UNKNOWN */
	s64 energy_start;	/* uWh at the suspend that started the cycle, or unknown */
	s64 energy_full;	/* uWh when full, or S2H_ENERGY_UNKNOWN */
};

/*
 * What the batteries held at the two ends of a suspend: energy where they
 * give it, which measures a drain finer than whole percent, else percent.
 */
struct s2h_drain_ends {
	int battery_armed, battery;	/* percent, < 0 when unknown */
	s64 energy_armed, energy;	/* uWh, S2H_ENERGY_UNKNOWN when unknown */
	s64 energy_full;		/* uWh, S2H_ENERGY_UNKNOWN when unknown */
	s64 elapsed_ms;
};

struct s2h_decision {
	enum s2h_decision_kind action;
	enum s2h_reason reason;
	u32 rearm_sec;		/* SLEEP_AGAIN: the next alarm, 0: none */
};

/*
 * How a hibernation ended, as the callbacks of s2h's device saw it
 * (image.c): hibernate() returns 0 both when the system runs from its image
 * and when the kernel undid the hibernation for a wakeup event - before
 * the snapshot (create_image()'s syscore phase), or, from Linux 6.8 in
 * platform mode, after the image was written - and the devices get
 * .restore in each case.
 */
enum s2h_image_end {
	S2H_IMAGE_NONE,		/* nothing came back: it failed, or pm_test stopped it */
	S2H_IMAGE_RESTORED,	/* the system runs from the image */
	S2H_IMAGE_RESUMED,	/* back from memory, the image written (hibernate_mode suspend) */
	S2H_IMAGE_UNDONE_EARLY,	/* undone before the snapshot: no image */
	S2H_IMAGE_UNDONE_LATE,	/* undone after the image was written, not powered off */
};

/*
 * What a wake test (s2hctl check --verify-wake) is judged on: the cycle's
 * own judgement of the wake, and what only the test asks.
 */
struct s2h_wake_test_facts {
	enum s2h_wake wake;		/* s2h_classify_wake()'s */
	const struct s2h_wake_facts *facts;
	bool s2idle;			/* the suspend was to idle */
	s64 hw_sleep_us;		/* s2h_hw_sleep_us()'s */
	bool hpet_alarm;		/* rtc_cmos's alarm is emulated by the HPET */
};

/* The batteries do not say how much energy they hold (power.c). */
#define S2H_ENERGY_UNKNOWN	(-1LL)

/*
 * More than any laptop's batteries hold (1 MWh): a gauge that says so is
 * wrong, and the drain's arithmetic stays within 64 bits below it.
 */
#define S2H_ENERGY_MAX_UWH	1000000000000LL

/*
 * More than any laptop draws (10 kW): a gauge that says so is wrong, and a
 * dark wake's energy stays within 64 bits below it (s2h_dark_count()).
 */
#define S2H_DRAW_MAX_UW		10000000000LL

/* A cycle's dark wakes: their time awake and the energy spent then. */
struct s2h_dark {
	u64 ms;
	s64 energy;		/* uWh; S2H_ENERGY_UNKNOWN without a draw known for each */
};

/* The kernel does not say how long the hardware slept. */
#define S2H_HW_SLEEP_UNKNOWN	(-1)

/* No thermal zone answered. */
#define S2H_TEMP_UNKNOWN	INT_MIN

enum s2h_wake s2h_classify_wake(const struct s2h_wake_facts *facts);
enum s2h_wake_test_reason s2h_wake_test_verdict(const struct s2h_wake_test_facts *t);
bool s2h_wake_urgent(const struct s2h_wake_facts *f);
struct s2h_decision s2h_decide_alarm(const struct s2h_policy_facts *facts);
bool s2h_too_hot(u32 limit, int hottest);
bool s2h_no_hw_sleep(bool setting, bool s2idle, s64 hw_sleep_us);
s64 s2h_hw_sleep_delta(bool read, bool s2idle, u64 before, u64 after);
u32 s2h_retry_delay(u32 delay_sec, unsigned int attempt);
bool s2h_resume_usable(int swap, bool offset);
u32 s2h_kept_delay(s64 due_in_ms, s64 awake_ms);
unsigned int s2h_sleep_retry_ms(unsigned int try);
u32 s2h_cycle_delay(const struct s2h_delays *d, bool on_ac, int battery_start);
u32 s2h_next_alarm(u32 delay_sec, s64 cycle_ms, u32 check_sec, bool checks);
enum s2h_image_end s2h_image_outcome(bool restore, enum s2h_sleep_evidence snapshot,
				     bool thawed);
int s2h_image_error(enum s2h_image_end end);
u32 s2h_pending_alarm(const struct s2h_decision *d);
u32 s2h_drain_rate(int battery_armed, int battery, s64 elapsed_ms);
bool s2h_energy_known(s64 energy, s64 energy_full);
u32 s2h_drain_measure(const struct s2h_drain_ends *e);
void s2h_dark_count(struct s2h_dark *dark, s64 transit_ms, s64 awake_ms, s64 draw_uw);
u32 s2h_drain_watch(u32 next_sec, int battery, u32 threshold, u32 drain_mpph, u32 check_sec,
		    bool battery_alarm);

/*
 * A settle (settle_sec) reads the battery this often while it waits, so
 * that a battery that reaches battery_critical is hibernated at once.
 */
#define S2H_SETTLE_POLL_MS	5000

/*
 * The settle of a wake after a settle that a suspend of the user's ended
 * in its cycle: logind suspends again HoldoffTimeoutSec (30 s by default)
 * after a resume with the lid still closed, and a longer settle would be
 * ended by it at every wake, the cycle never hibernating. Shorter than
 * that hold-off, with room for the resume.
 */
#define S2H_SETTLE_RESUSPENDED_SEC	20

/* What a settle does next. */
enum s2h_settle_step {
	S2H_SETTLE_WAIT,	/* wait on */
	S2H_SETTLE_HIBERNATE,	/* settled, or the battery cannot wait */
	S2H_SETTLE_CANCEL,	/* the user is back: no hibernation */
	S2H_SETTLE_SUPERSEDED,	/* a suspend of the user's took its place (s2h_supersede()) */
};

/* What a settle is judged on, at each of its steps. */
struct s2h_settle_facts {
	u32 settle_sec;		/* the settle in force, s2h_settle_sec() */
	s64 elapsed_ms;		/* since it started */
	bool input;		/* user input since the wake */
	bool on_ac;
	int battery;		/* percent, < 0 when unknown */
	u32 battery_critical;	/* percent, 0: no last resort */
};

enum s2h_settle_step s2h_settle_step(const struct s2h_settle_facts *f);
u32 s2h_settle_sec(u32 settle_sec, bool resuspended);
bool s2h_input_is_user(unsigned int type, unsigned int code, int value);

/* The drivers pre-flight's advice is about (enum s2h_advice). */
struct s2h_driver_facts {
	bool nvidia;		/* its PCI driver is registered */
	bool amdgpu;
	u32 kernel;		/* KERNEL_VERSION() of the running kernel */
	u32 handoff_sec;
	bool hybrid;		/* hibernate_mode suspend */
};

bool s2h_amdgpu_hybrid_broken(u32 kernel);
unsigned long s2h_driver_advice(const struct s2h_driver_facts *f);

#endif /* _S2H_DECIDE_H */
