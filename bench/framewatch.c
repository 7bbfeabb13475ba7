/*
 * framewatch: launches a program on an X display and watches the screen from outside it.
 *
 *   framewatch reference OUT STILL_MS TIMEOUT_MS -- COMMAND...
 *       Waits until the screen has changed and then stayed unchanged for STILL_MS, writes that settled
 *       frame to OUT (raw 32-bit pixels of the root window) and prints {"settledMs": ...}.
 *   framewatch watch REF LEVEL TIMEOUT_MS HWM_AFTER_MS -- COMMAND...
 *       Polls the root window as fast as it can and prints, for every distinct frame, when it appeared and
 *       how far it is from REF: the share of pixels whose largest channel difference exceeds LEVEL.
 *       Stops at the first frame whose colours equal REF's, where it reads the program's CPU time (cpuMs: user +
 *       system, every thread); HWM_AFTER_MS later it reads the program's VmHWM.
 *   framewatch diff A B LEVEL
 *       The same distance between two saved frames.
 *
 * The root window is read with MIT-SHM (XShmGetImage), so a poll costs a memory copy in the server,
 * not a 4 MB trip through the socket. Times are milliseconds since just before fork(). FRAMEWATCH_PAUSE_US
 * sleeps between polls, so that on a small machine the watcher does not take a core from the program.
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    Display *display;
    Window root;
    XImage *image;
    XShmSegmentInfo shm;
    size_t bytes;
} Capture;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void die(const char *message) {
    fprintf(stderr, "framewatch: %s\n", message);
    exit(2);
}

static void open_screen(Capture *s) {
    s->display = XOpenDisplay(NULL);
    if (!s->display) die("cannot open the display");
    if (!XShmQueryExtension(s->display)) die("the display has no MIT-SHM");
    int screen = DefaultScreen(s->display);
    s->root = RootWindow(s->display, screen);
    int width = DisplayWidth(s->display, screen), height = DisplayHeight(s->display, screen);
    s->image = XShmCreateImage(s->display, DefaultVisual(s->display, screen), DefaultDepth(s->display, screen),
                               ZPixmap, NULL, &s->shm, width, height);
    if (!s->image || s->image->bits_per_pixel != 32) die("needs a 24-bit display with 32-bit pixels");
    s->bytes = (size_t)s->image->bytes_per_line * height;
    s->shm.shmid = shmget(IPC_PRIVATE, s->bytes, IPC_CREAT | 0600);
    if (s->shm.shmid < 0) die("shmget failed");
    s->shm.shmaddr = s->image->data = shmat(s->shm.shmid, NULL, 0);
    shmctl(s->shm.shmid, IPC_RMID, NULL);
    s->shm.readOnly = False;
    if (!XShmAttach(s->display, &s->shm)) die("XShmAttach failed");
    XSync(s->display, False);
}

static const uint8_t *grab(Capture *s) {
    if (!XShmGetImage(s->display, s->root, s->image, 0, 0, AllPlanes)) die("XShmGetImage failed");
    return (const uint8_t *)s->image->data;
}

/* Share of pixels (0..1) whose largest channel difference exceeds `level`; `largest` gets the largest one. */
static double distance(const uint8_t *a, const uint8_t *b, size_t bytes, int level, int *largest) {
    size_t pixels = bytes / 4, over = 0;
    int most = 0;
    for (size_t i = 0; i < pixels; i++) {
        const uint8_t *p = a + 4 * i, *q = b + 4 * i;
        int d = 0;
        for (int c = 0; c < 3; c++) {
            int e = abs((int)p[c] - (int)q[c]);
            if (e > d) d = e;
        }
        if (d > level) over++;
        if (d > most) most = d;
    }
    if (largest) *largest = most;
    return (double)over / (double)pixels;
}

static pid_t launch(char **command) {
    pid_t pid = fork();
    if (pid < 0) die("fork failed");
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, 0);
            dup2(null, 1);
            dup2(null, 2);
        }
        execvp(command[0], command);
        _exit(127);
    }
    return pid;
}

static void stop(pid_t pid) {
    kill(pid, SIGTERM);
    for (int i = 0; i < 200; i++) {
        if (waitpid(pid, NULL, WNOHANG) == pid) return;
        usleep(5000);
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
}

static long vm_hwm_kb(pid_t pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    long kb = -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %ld kB", &kb) == 1) break;
    fclose(f);
    return kb;
}

/* The program's CPU time so far (user + system, every thread's), in ms; -1 if it cannot be read. */
static double cpu_ms(pid_t pid) {
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    const char *after = strrchr(text, ')');
    unsigned long user, system;
    if (!after || sscanf(after + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &user, &system) != 2) return -1;
    return (double)(user + system) * 1000.0 / (double)sysconf(_SC_CLK_TCK);
}

static int child_exited(pid_t pid) {
    return waitpid(pid, NULL, WNOHANG) == pid;
}

static int reference(Capture *s, const char *out, double still_ms, double timeout_ms, char **command) {
    uint8_t *initial = malloc(s->bytes), *last = malloc(s->bytes);
    memcpy(initial, grab(s), s->bytes);
    memcpy(last, initial, s->bytes);
    double start = now_ms();
    pid_t pid = launch(command);
    double changed_at = -1;
    int settled = 0;
    while (now_ms() - start < timeout_ms) {
        const uint8_t *frame = grab(s);
        double t = now_ms() - start;
        if (memcmp(frame, last, s->bytes) != 0) {
            memcpy(last, frame, s->bytes);
            changed_at = t;
        } else if (changed_at >= 0 && memcmp(last, initial, s->bytes) != 0 && t - changed_at >= still_ms) {
            settled = 1;
            break;
        }
        if (child_exited(pid)) die("the program exited before its window settled");
        usleep(2000);
    }
    stop(pid);
    if (!settled) die("the screen did not settle before the timeout");
    FILE *f = fopen(out, "wb");
    if (!f || fwrite(last, 1, s->bytes, f) != s->bytes || fclose(f) != 0) die("cannot write the reference");
    printf("{\"settledMs\": %.2f, \"width\": %d, \"height\": %d}\n", changed_at, s->image->width, s->image->height);
    return 0;
}

static uint8_t *read_frame(const char *path, size_t bytes) {
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot read a frame file");
    uint8_t *data = malloc(bytes);
    if (fread(data, 1, bytes, f) != bytes) die("a frame file has the wrong size for this display");
    fclose(f);
    return data;
}

/* FRAMEWATCH_DUMP=DIR keeps every distinct frame as DIR/frame-N.raw, to look at what was seen. */
static void save_frame(const char *directory, int index, const uint8_t *frame, size_t bytes) {
    char path[4096];
    snprintf(path, sizeof path, "%s/frame-%d.raw", directory, index);
    FILE *f = fopen(path, "wb");
    if (!f) return;
    fwrite(frame, 1, bytes, f);
    fclose(f);
}

static int watch(Capture *s, const char *ref_path, int level, double timeout_ms, double hwm_after_ms, char **command) {
    uint8_t *ref = read_frame(ref_path, s->bytes), *last = malloc(s->bytes);
    memcpy(last, grab(s), s->bytes);
    long polls = 0;
    int matched = 0, frames = 0;
    double cpu_at_match = -1;
    const char *dump = getenv("FRAMEWATCH_DUMP");
    double start = now_ms();
    pid_t pid = launch(command);
    printf("{\"frames\": [");
    const char *separator = "";
    const char *pause_text = getenv("FRAMEWATCH_PAUSE_US");
    useconds_t pause = pause_text ? (useconds_t)atoi(pause_text) : 0;
    while (now_ms() - start < timeout_ms) {
        if (pause && polls) usleep(pause);
        const uint8_t *frame = grab(s);
        double t = now_ms() - start;
        polls++;
        if (memcmp(frame, last, s->bytes) != 0) {
            memcpy(last, frame, s->bytes);
            int largest = 0;
            double share = distance(frame, ref, s->bytes, level, &largest);
            printf("%s{\"ms\": %.2f, \"over\": %.6f, \"largest\": %d}", separator, t, share, largest);
            if (dump) save_frame(dump, frames, frame, s->bytes);
            frames++;
            separator = ", ";
            if (largest == 0) {
                matched = 1;
                cpu_at_match = cpu_ms(pid);
                break;
            }
        }
        if (child_exited(pid)) {
            pid = -1;
            break;
        }
    }
    double elapsed = now_ms() - start;
    long hwm = -1;
    if (pid > 0) {
        if (matched && hwm_after_ms > 0) usleep((useconds_t)(hwm_after_ms * 1000));
        hwm = vm_hwm_kb(pid);
        stop(pid);
    }
    printf("], \"matched\": %s, \"polls\": %ld, \"pollMs\": %.3f, \"vmHWMkB\": %ld, \"cpuMs\": %.0f}\n",
           matched ? "true" : "false", polls, polls ? elapsed / polls : 0.0, hwm, cpu_at_match);
    return matched ? 0 : 1;
}

int main(int argc, char **argv) {
    int dashes = 0;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--") == 0) { dashes = i; break; }
    if (argc >= 5 && strcmp(argv[1], "diff") == 0) {
        Capture s;
        open_screen(&s);
        uint8_t *a = read_frame(argv[2], s.bytes), *b = read_frame(argv[3], s.bytes);
        int largest = 0;
        double share = distance(a, b, s.bytes, atoi(argv[4]), &largest);
        printf("{\"over\": %.6f, \"largest\": %d}\n", share, largest);
        return 0;
    }
    if (dashes == 5 && strcmp(argv[1], "reference") == 0 && dashes + 1 < argc) {
        Capture s;
        open_screen(&s);
        return reference(&s, argv[2], atof(argv[3]), atof(argv[4]), argv + dashes + 1);
    }
    if (dashes == 6 && strcmp(argv[1], "watch") == 0 && dashes + 1 < argc) {
        Capture s;
        open_screen(&s);
        return watch(&s, argv[2], atoi(argv[3]), atof(argv[4]), atof(argv[5]), argv + dashes + 1);
    }
    fprintf(stderr, "usage: framewatch reference OUT STILL_MS TIMEOUT_MS -- COMMAND...\n"
                    "       framewatch watch REF LEVEL TIMEOUT_MS HWM_AFTER_MS -- COMMAND...\n"
                    "       framewatch diff A B LEVEL\n");
    return 2;
}
