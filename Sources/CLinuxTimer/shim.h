#ifndef TICK_CLINUXTIMER_SHIM_H
#define TICK_CLINUXTIMER_SHIM_H
// timerfd (timerfd_create(2)), which Swift's Glibc module does not include. The agent
// sleeps on a CLOCK_REALTIME timer set to the next alarm's wall-clock instant, so that
// it fires on time after a suspend, and TFD_TIMER_CANCEL_ON_SET wakes it when the
// clock is set. Only TickAgent imports this module.
#include <sys/timerfd.h>
#include <time.h>

// A non-blocking, close-on-exec CLOCK_REALTIME timer; -1 with errno on failure.
static inline int tick_timerfd_create(void) {
    return timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC | TFD_NONBLOCK);
}

// Arms the timer to fire once at the absolute instant seconds.nanoseconds since the
// epoch (an instant in the past fires at once), cancelled when the clock is set.
// Zero disarms it. Returns 0, or -1 with errno.
static inline int tick_timerfd_set(int fd, long long seconds, long nanoseconds) {
    struct itimerspec spec;
    spec.it_interval.tv_sec = 0;
    spec.it_interval.tv_nsec = 0;
    spec.it_value.tv_sec = (time_t)seconds;
    spec.it_value.tv_nsec = nanoseconds;
    int flags = (seconds == 0 && nanoseconds == 0) ? 0 : (TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET);
    return timerfd_settime(fd, flags, &spec, 0);
}

#endif
