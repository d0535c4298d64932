/*
 * bench/wake-cost's probe: what one timed wake-up costs this host's CPU, without a JVM, a socket or
 * a server. It sleeps in epoll_pwait2 (the wait Netty's epoll loop makes) until each due time of a
 * uniform schedule, GAP microseconds apart, N times, with the timer slack the open model's pacing
 * loops set (1 µs), then prints its own CPU time (user + system, getrusage) per wake-up and how late
 * the wake-ups were on average.
 *
 *   wake-cost GAP_MICROS COUNT
 *
 * prints one line: "wakes COUNT gapMicros GAP cpuMicrosPerWake C meanLateMicros L"
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <time.h>

static long long now_nanos(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static double micros(struct timeval t) {
    return t.tv_sec * 1e6 + t.tv_usec;
}

int main(int argc, char **argv) {
    if (argc != 3 || atol(argv[1]) <= 0 || atol(argv[2]) <= 0) {
        fprintf(stderr, "usage: wake-cost GAP_MICROS COUNT (both above 0)\n");
        return 2;
    }
    long gap_micros = atol(argv[1]);
    long count = atol(argv[2]);
    if (prctl(PR_SET_TIMERSLACK, 1000UL) != 0) {
        perror("wake-cost: prctl(PR_SET_TIMERSLACK)");
        return 1;
    }
    int epoll = epoll_create1(0);
    if (epoll < 0) {
        perror("wake-cost: epoll_create1");
        return 1;
    }
    struct epoll_event events[1];
    struct rusage before, after;
    getrusage(RUSAGE_SELF, &before);
    long long due = now_nanos();
    long long late = 0;
    for (long i = 0; i < count; i++) {
        due += gap_micros * 1000LL;
        long long left = due - now_nanos();
        if (left > 0) {
            struct timespec timeout = {left / 1000000000LL, left % 1000000000LL};
            if (epoll_pwait2(epoll, events, 1, &timeout, NULL) < 0) {
                perror("wake-cost: epoll_pwait2");
                return 1;
            }
        }
        late += now_nanos() - due;
    }
    getrusage(RUSAGE_SELF, &after);
    double cpu = micros(after.ru_utime) - micros(before.ru_utime) + micros(after.ru_stime) - micros(before.ru_stime);
    printf("wakes %ld gapMicros %ld cpuMicrosPerWake %.3f meanLateMicros %.2f\n", count, gap_micros, cpu / count,
           late / 1000.0 / count);
    return 0;
}
