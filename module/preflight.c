// SPDX-License-Identifier: GPL-2.0
#include <linux/completion.h>
#include <linux/device.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/rtc.h>
#include <linux/security.h>
#include <linux/string.h>
#include <linux/suspend.h>
#include <linux/swap.h>
#include <linux/workqueue.h>

#include "compat.h"
#include "decide.h"
#include "hibernate.h"
#include "preflight.h"
#include "s2h.h"
#include "sysiface.h"

#define S2H_PAGES_TO_MB(p)	((u32)((p) >> (20 - PAGE_SHIFT)))

static struct s2h_checks {
	/* Protects the fields below. */
	struct mutex lock;
	/* The RTC whose HPET emulation was read, and what it said: s2h_rtc_ends_s2idle(). */
	struct rtc_device *hpet_rtc;
	bool hpet_emulated;
} s2h_checks;

/*
 * nohibernate, lockdown, secretmem and the like: the kernel offers "disk"
 * or it does not (hibernation_available(), not exported, asked anew by
 * state's show()). Asking under lockdown logs a notice:
 * s2h_locked_down() first.
 */
static bool s2h_hibernation_offered(void)
{
	return s2h_power_attr_has_word(S2H_POWER_STATE, "disk");
}

/*
 * Lockdown only ever rises, and security_locked_down() logs a notice each
 * time it refuses: asked until it first says yes, never again after.
 */
static bool s2h_locked_down(void)
{
	static bool locked;

	if (!READ_ONCE(locked) && security_locked_down(LOCKDOWN_HIBERNATION))
		WRITE_ONCE(locked, true);
	return READ_ONCE(locked);
}

/*
 * Without a resume device, or with one that is no swap, the image is never
 * read back. A resume_offset says the image goes to a swap file on that
 * device, which cannot be told (s2h_bdev_is_swap()).
 */
static bool s2h_resume_device_ok(void)
{
	dev_t dev = 0;
	u64 offset;
	int swap;

	if (s2h_power_attr_dev(S2H_POWER_RESUME, &dev) || !dev)
		return false;
	swap = s2h_bdev_is_swap(dev);
	if (swap < 0 && swap != -ENODEV)
		pr_warn_ratelimited("cannot tell whether resume device %u:%u is swap (%pe)\n",
				    MAJOR(dev), MINOR(dev), ERR_PTR(swap));
	return s2h_resume_usable(swap, !s2h_power_attr_u64(S2H_POWER_RESUME_OFFSET, &offset) &&
				 offset);
}

/*
 * The kernel frees memory until the image fits image_size, but cannot go
 * below the memory in use: the image is expected to be the smaller of the
 * two, taken uncompressed. Compression usually halves what is written, so
 * this errs on the safe side.
 */
static unsigned long s2h_image_pages(void)
{
	unsigned long used = totalram_pages() - min_t(unsigned long, totalram_pages(),
						      si_mem_available());
	u64 image_size;

	if (s2h_power_attr_u64(S2H_POWER_IMAGE_SIZE, &image_size))
		return used;
	return min_t(u64, used, image_size >> PAGE_SHIFT);
}

/* alarmtimer_suspend() programs this RTC: it must be able to wake the system. */
static bool s2h_rtc_can_wake(struct rtc_device *rtc)
{
	return rtc && rtc->dev.parent && device_may_wakeup(rtc->dev.parent);
}

/*
 * Whether the RTC can end suspend to idle. rtc_cmos whose alarm the HPET
 * emulates cannot: the HPET stops in suspend to idle (S0ix), and the alarm
 * then rings at the user's next wake only. rtc_cmos says so in
 * /proc/driver/rtc; use_acpi_alarm=1 routes the alarm through the ACPI RTC
 * event instead (the kernel does by itself on Intel from 2015 with S0ix).
 * rtc_cmos decides which when it probes, so the answer is read once per
 * RTC device, from the file reader; the suspend mode (mem_sleep) is asked
 * at each check. Other RTCs, and one rtc_cmos that is not rtc0, cannot be
 * told: passed.
 */
static bool s2h_rtc_ends_s2idle(struct rtc_device *rtc)
{
	struct device *dev = rtc->dev.parent;

	lockdep_assert_held(&s2h_checks.lock);

	if (!dev->driver || strcmp(dev->driver->name, "rtc_cmos") ||
	    !pm_suspend_default_s2idle())
		return true;
	if (s2h_checks.hpet_rtc != rtc) {
		s2h_checks.hpet_emulated = s2h_rtc_hpet_emulated();
		s2h_checks.hpet_rtc = rtc;
	}
	return !s2h_checks.hpet_emulated;
}

/**
 * s2h_preflight_run() - check that a hibernation now could resume
 * @p: the result
 * @verified_needed: require_verified asks for a test (the dry run, the wake
 *	test) that has not passed
 *
 * Every check reads the state it checks at the call: the kernel's
 * variables through the show() methods of /sys/power (powerattr.c) or
 * the functions the kernel exports, the free swap and memory from their
 * counters, the resume device's swap flag from its inode, looked up by
 * its dev_t at each call (s2h_bdev_is_swap()). Process context,
 * before tasks are frozen.
 */
void s2h_preflight_run(struct s2h_preflight *p, bool verified_needed)
{
	struct rtc_device *rtc = alarmtimer_get_rtcdev();
	long swap_free = get_nr_swap_pages();
	unsigned long image = s2h_image_pages();

	p->failed = 0;
	p->advice = 0;
	p->swap_free_mb = S2H_PAGES_TO_MB(max(swap_free, 0L));
	p->image_mb = S2H_PAGES_TO_MB(image);
	if (s2h_locked_down())
		p->failed |= BIT(S2H_CHECK_LOCKDOWN);
	else if (!s2h_hibernation_offered())
		p->failed |= BIT(S2H_CHECK_SUPPORTED);
	if (!s2h_resume_device_ok())
		p->failed |= BIT(S2H_CHECK_RESUME);
	mutex_lock(&s2h_checks.lock);
	if (!s2h_rtc_can_wake(rtc))
		p->failed |= BIT(S2H_CHECK_RTC);
	else if (!s2h_rtc_ends_s2idle(rtc))
		p->failed |= BIT(S2H_CHECK_RTC_S2IDLE);
	mutex_unlock(&s2h_checks.lock);
	if (swap_free <= 0 || swap_free < image)
		p->failed |= BIT(S2H_CHECK_SWAP);
	if (verified_needed)
		p->failed |= BIT(S2H_CHECK_VERIFIED);
}

/*
 * Whether a PCI driver of that name is registered: its module is loaded,
 * whatever the name of the module. The driver is not held: only whether
 * it was there is asked.
 */
static bool s2h_pci_driver_loaded(const char *name)
{
	return IS_ENABLED(CONFIG_PCI) && driver_find(name, &pci_bus_type);
}

/**
 * s2h_preflight_advise() - pre-flight's advice on the loaded drivers
 * @p: where it goes, in advice
 * @handoff_sec: the setting
 * @hybrid: hibernate_mode is suspend
 *
 * For the readers (s2hctl check, sysfs) only, never for a suspend's
 * checks: advice arms or refuses nothing, and a suspend does not wait
 * for it.
 */
void s2h_preflight_advise(struct s2h_preflight *p, u32 handoff_sec, bool hybrid)
{
	p->advice = s2h_driver_advice(&(struct s2h_driver_facts) {
		.nvidia = s2h_pci_driver_loaded("nvidia"),
		.amdgpu = s2h_pci_driver_loaded("amdgpu"),
		.kernel = S2H_KERNEL_VERSION,
		.handoff_sec = handoff_sec,
		.hybrid = hybrid,
	});
}

int s2h_preflight_init(void)
{
	int err;

	err = s2h_sysiface_init();
	if (err)
		return err;
	mutex_init(&s2h_checks.lock);
	return 0;
}

void s2h_preflight_exit(void)
{
	s2h_sysiface_exit();
	mutex_destroy(&s2h_checks.lock);
}

static const char * const s2h_check_reasons[__S2H_CHECK_MAX] = {
	[S2H_CHECK_SUPPORTED] = "hibernation not offered by the kernel",
	[S2H_CHECK_LOCKDOWN] = "hibernation locked down",
	[S2H_CHECK_RESUME] = "no resume device, or it is no active swap",
	[S2H_CHECK_SWAP] = "not enough free swap",
	[S2H_CHECK_RTC] = "no rtc can wake the system",
	[S2H_CHECK_VERIFIED] = "not verified",
	[S2H_CHECK_RTC_S2IDLE] = "the rtc cannot end suspend to idle (hpet-emulated alarm)",
};

/**
 * s2h_preflight_format() - "yes", or "no: " and why, for the kernel log
 * @p: a result of s2h_preflight_run()
 * @buf: where the text goes, with a newline
 * @size: room in @buf
 *
 * Return: the length of the text.
 */
int s2h_preflight_format(const struct s2h_preflight *p, char *buf, size_t size)
{
	const char *sep = "no: ";
	int len = 0;
	int check;

	if (!p->failed)
		return scnprintf(buf, size, "yes\n");
	for_each_set_bit(check, &p->failed, __S2H_CHECK_MAX) {
		len += scnprintf(buf + len, size - len, "%s%s", sep, s2h_check_reasons[check]);
		if (check == S2H_CHECK_SWAP)
			len += scnprintf(buf + len, size - len, " (%u MiB free, %u MiB needed)",
					 p->swap_free_mb, p->image_mb);
		sep = ", ";
	}
	return len + scnprintf(buf + len, size - len, "\n");
}
