# Shared declarations of the equity kernels (_boards, _range_scan, _sampling).
#
# Results are one row of doubles per task (or Monte Carlo stream), for n players:
#   [p * N_SLOTS + c]        player p's showdowns ending with hand category c (1..9; slot 0 unused)
#   [n * N_SLOTS + mask]     showdowns won by exactly the players of ``mask`` (bit p = player p,
#                            2 ** n masks: OMPEval's wins by player mask)
# A player's wins, ties and losses follow from the masks (pokerfsm.odds.results
# reads them), so the hot loops count one mask per showdown instead of a slot
# per player. _boards exports the layout to Python.
from libc.stdint cimport int32_t, int64_t

cdef enum:
    MAX_PLAYERS = 10
    MAX_MASKS = 1024  # 2 ** MAX_PLAYERS
    N_SLOTS = 10

# Stopping long work: every kernel takes ``stop``, a one-byte numpy array that
# another thread may set to 1 (cancel), and ``seconds`` of time allowed (<= 0:
# none). Kernels call should_stop() between units of work of at most a few
# milliseconds; once it is true they skip the rest, and the flag reads 2 when
# the time ran out. pokerfsm.odds.stopping turns the flag into an error.
cdef extern from *:
    """
    #if defined(_WIN32)
    #include <windows.h>
    static double pokerfsm_now(void) {
        LARGE_INTEGER f, c; QueryPerformanceFrequency(&f); QueryPerformanceCounter(&c);
        return (double)c.QuadPart / (double)f.QuadPart;
    }
    #else
    #include <time.h>
    static double pokerfsm_now(void) {
        struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
        return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
    }
    #endif
    typedef struct { volatile unsigned char* flag; double until; } pokerfsm_stop;
    static pokerfsm_stop pokerfsm_stop_make(unsigned char* flag, double seconds) {
        pokerfsm_stop s; s.flag = flag; s.until = seconds > 0 ? pokerfsm_now() + seconds : 0.0; return s;
    }
    static int pokerfsm_should_stop(pokerfsm_stop* s) {
        if (*s->flag) return 1;
        if (s->until > 0 && pokerfsm_now() > s->until) { *s->flag = 2; return 1; }
        return 0;
    }
    """
    ctypedef struct Stop "pokerfsm_stop":
        pass
    Stop make_stop "pokerfsm_stop_make" (unsigned char* flag, double seconds) noexcept nogil
    bint should_stop "pokerfsm_should_stop" (Stop* s) noexcept nogil
