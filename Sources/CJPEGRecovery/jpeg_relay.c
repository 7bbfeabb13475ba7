#include "jpeg_relay_internal.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <jerror.h>

/* jpegint.h is private; this part of it has kept its layout since libjpeg 6b. */
struct jpeg_entropy_decoder {
    void (*start_pass)(j_decompress_ptr cinfo);
    boolean (*decode_mcu)(j_decompress_ptr cinfo, JBLOCKROW *MCU_data);
    boolean insufficient_data;
};

enum { UNDECIDED = 0, SHARED = 1, ALONE = -1 };

struct cropper_jpeg_relay {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    size_t capacity;
    int verdict;
    int feeder_done;
    int fed_gone;
    /* The coefficients of `slots` rows of MCUs, row r in slot r % slots. */
    JBLOCK *ring;
    size_t slots, mcus_per_row, blocks_in_mcu;
    size_t produced, consumed;   /* rows of MCUs */
    cropper_jpeg_report feeder_report;
};

/* Each side's place in the stream, in its decompressor's client_data. */
typedef struct {
    cropper_jpeg_relay *relay;
    boolean (*decode_mcu)(j_decompress_ptr cinfo, JBLOCKROW *MCU_data);
    size_t mcu;
    int unheard;   /* feeding: the fed side is gone, nothing more is handed over */
    int dc_only;   /* feeding: its own output (1/8 scale) reads only the DC terms */
} relay_hook;

cropper_jpeg_relay *cropper_jpeg_relay_create(size_t capacity) {
    cropper_jpeg_relay *relay = calloc(1, sizeof *relay);
    if (relay == NULL) return NULL;
    pthread_mutex_init(&relay->lock, NULL);
    pthread_cond_init(&relay->changed, NULL);
    relay->capacity = capacity;
    return relay;
}

void cropper_jpeg_relay_destroy(cropper_jpeg_relay *relay) {
    if (relay == NULL) return;
    pthread_mutex_destroy(&relay->lock);
    pthread_cond_destroy(&relay->changed);
    free(relay->ring);
    free(relay);
}

void cropper_jpeg_relay_unfed(cropper_jpeg_relay *relay) {
    pthread_mutex_lock(&relay->lock);
    if (relay->verdict == UNDECIDED) relay->verdict = ALONE;
    pthread_cond_broadcast(&relay->changed);
    pthread_mutex_unlock(&relay->lock);
}

void cropper_jpeg_relay_unheard(cropper_jpeg_relay *relay) {
    pthread_mutex_lock(&relay->lock);
    relay->fed_gone = 1;
    pthread_cond_broadcast(&relay->changed);
    pthread_mutex_unlock(&relay->lock);
}

int cropper_jpeg_relay_shared(cropper_jpeg_relay *relay) {
    pthread_mutex_lock(&relay->lock);
    int shared = relay->verdict == SHARED;
    pthread_mutex_unlock(&relay->lock);
    return shared;
}

static JBLOCK *slot(cropper_jpeg_relay *relay, size_t mcu) {
    size_t row = mcu / relay->mcus_per_row, column = mcu % relay->mcus_per_row;
    return relay->ring + ((row % relay->slots) * relay->mcus_per_row + column) * relay->blocks_in_mcu;
}

/* Row `row` of MCUs is handed over (produced) or taken (consumed): the other side may go on. */
static void row_done(cropper_jpeg_relay *relay, size_t *rows, size_t row) {
    pthread_mutex_lock(&relay->lock);
    *rows = row + 1;
    pthread_cond_broadcast(&relay->changed);
    pthread_mutex_unlock(&relay->lock);
}

/* The entropy decoder writes each MCU straight into its slot of the ring (zeroed, as it expects: the fed side
   zeroes what it has taken), and this decode's own blocks get what its output needs of it. */
static boolean feed_mcu(j_decompress_ptr cinfo, JBLOCKROW *data) {
    relay_hook *hook = (relay_hook *)cinfo->client_data;
    cropper_jpeg_relay *relay = hook->relay;
    size_t row = hook->mcu / relay->mcus_per_row, column = hook->mcu % relay->mcus_per_row;
    if (!hook->unheard && column == 0) {
        pthread_mutex_lock(&relay->lock);
        while (!relay->fed_gone && row - relay->consumed >= relay->slots) pthread_cond_wait(&relay->changed, &relay->lock);
        hook->unheard = relay->fed_gone;
        pthread_mutex_unlock(&relay->lock);
    }
    if (hook->unheard) return hook->decode_mcu(cinfo, data);
    JBLOCK *out = slot(relay, hook->mcu);
    JBLOCKROW into[D_MAX_BLOCKS_IN_MCU];
    for (size_t b = 0; b < relay->blocks_in_mcu; b++) into[b] = &out[b];
    /* Suspension needs a suspending data source, which these decodes never have. */
    if (!hook->decode_mcu(cinfo, into)) return FALSE;
    for (size_t b = 0; b < relay->blocks_in_mcu; b++) {
        if (hook->dc_only) data[b][0][0] = out[b][0];
        else memcpy(data[b], out[b], sizeof(JBLOCK));
    }
    hook->mcu++;
    if (column == relay->mcus_per_row - 1) row_done(relay, &relay->produced, row);
    return TRUE;
}

static boolean take_mcu(j_decompress_ptr cinfo, JBLOCKROW *data) {
    relay_hook *hook = (relay_hook *)cinfo->client_data;
    cropper_jpeg_relay *relay = hook->relay;
    size_t row = hook->mcu / relay->mcus_per_row, column = hook->mcu % relay->mcus_per_row;
    if (column == 0) {
        pthread_mutex_lock(&relay->lock);
        while (relay->produced <= row && !relay->feeder_done) pthread_cond_wait(&relay->changed, &relay->lock);
        int arrived = relay->produced > row;
        pthread_mutex_unlock(&relay->lock);
        /* The feeder stopped at a fatal error: this decode stops at the same row (the report says why). */
        if (!arrived) ERREXIT(cinfo, JERR_INPUT_EOF);
    }
    JBLOCK *in = slot(relay, hook->mcu);
    for (size_t b = 0; b < relay->blocks_in_mcu; b++) memcpy(data[b], in[b], sizeof(JBLOCK));
    memset(in, 0, relay->blocks_in_mcu * sizeof(JBLOCK));
    hook->mcu++;
    if (column == relay->mcus_per_row - 1) row_done(relay, &relay->consumed, row);
    return TRUE;
}

static int *scaled_size(jpeg_component_info *component) {
#if JPEG_LIB_VERSION >= 70
    return &component->DCT_h_scaled_size;
#else
    return &component->DCT_scaled_size;
#endif
}

/* At 1/8 scale libjpeg skips storing the AC coefficients (it still has to decode them): the entropy decoder is
   set up again as for a full-size decode, before it has read a byte, so that it keeps them for the fed side.
   Returns whether this decode's own output needs only the DC terms. */
static int keep_ac_coefficients(j_decompress_ptr cinfo) {
    int saved[MAX_COMPONENTS], dc_only = 1;
    for (int c = 0; c < cinfo->num_components; c++) {
        saved[c] = *scaled_size(&cinfo->comp_info[c]);
        if (saved[c] > 1) dc_only = 0;
        *scaled_size(&cinfo->comp_info[c]) = DCTSIZE;
    }
    cinfo->entropy->start_pass(cinfo);
    for (int c = 0; c < cinfo->num_components; c++) *scaled_size(&cinfo->comp_info[c]) = saved[c];
    return dc_only;
}

static void decide(cropper_jpeg_relay *relay, int verdict) {
    pthread_mutex_lock(&relay->lock);
    if (relay->verdict == UNDECIDED) relay->verdict = verdict;
    pthread_cond_broadcast(&relay->changed);
    pthread_mutex_unlock(&relay->lock);
}

static relay_hook *hook(j_decompress_ptr cinfo, cropper_jpeg_relay *relay,
                        boolean (*replacement)(j_decompress_ptr, JBLOCKROW *)) {
    relay_hook *state = (relay_hook *)(*cinfo->mem->alloc_small)((j_common_ptr)cinfo, JPOOL_IMAGE, sizeof(relay_hook));
    memset(state, 0, sizeof *state);
    state->relay = relay;
    state->decode_mcu = cinfo->entropy->decode_mcu;
    cinfo->client_data = state;
    cinfo->entropy->decode_mcu = replacement;
    return state;
}

int cropper_relay_hook(j_decompress_ptr cinfo, cropper_jpeg_relay *relay, int role) {
    if (relay == NULL || role == RELAY_NONE) return 0;
    if (role == RELAY_FEEDING) {
        int shareable = !cinfo->progressive_mode && !jpeg_has_multiple_scans(cinfo) &&
            cinfo->comps_in_scan == cinfo->num_components && cinfo->MCUs_per_row > 0;
        size_t rows = cinfo->comps_in_scan > 1 ? cinfo->total_iMCU_rows : cinfo->cur_comp_info[0]->height_in_blocks;
        size_t row_bytes = (size_t)cinfo->MCUs_per_row * (size_t)cinfo->blocks_in_MCU * sizeof(JBLOCK);
        pthread_mutex_lock(&relay->lock);
        if (shareable && !relay->fed_gone) {
            size_t slots = relay->capacity / row_bytes;
            relay->slots = slots < 2 ? 2 : slots > rows ? rows : slots;
            relay->mcus_per_row = cinfo->MCUs_per_row;
            relay->blocks_in_mcu = (size_t)cinfo->blocks_in_MCU;
            relay->ring = calloc(relay->slots, row_bytes);
        }
        int shared = shareable && relay->ring != NULL;
        pthread_mutex_unlock(&relay->lock);
        decide(relay, shared ? SHARED : ALONE);
        if (!shared) return 0;
        int dc_only = keep_ac_coefficients(cinfo);
        hook(cinfo, relay, feed_mcu)->dc_only = dc_only;
        return 1;
    }
    pthread_mutex_lock(&relay->lock);
    while (relay->verdict == UNDECIDED) pthread_cond_wait(&relay->changed, &relay->lock);
    int shared = relay->verdict == SHARED && relay->mcus_per_row == cinfo->MCUs_per_row &&
        relay->blocks_in_mcu == (size_t)cinfo->blocks_in_MCU;
    if (!shared) relay->fed_gone = 1;
    pthread_cond_broadcast(&relay->changed);
    pthread_mutex_unlock(&relay->lock);
    if (shared) hook(cinfo, relay, take_mcu);
    return shared;
}

void cropper_relay_end(cropper_jpeg_relay *relay, int role, cropper_jpeg_report *report) {
    if (relay == NULL || role == RELAY_NONE) return;
    pthread_mutex_lock(&relay->lock);
    if (role == RELAY_FEEDING) {
        if (relay->verdict == UNDECIDED) relay->verdict = ALONE;
        relay->feeder_report = *report;
        relay->feeder_done = 1;
    } else {
        relay->fed_gone = 1;
        if (relay->verdict == SHARED) {
            pthread_cond_broadcast(&relay->changed);
            while (!relay->feeder_done) pthread_cond_wait(&relay->changed, &relay->lock);
            /* The feeder read the data: its warnings and damage are this decode's too. */
            cropper_jpeg_report own = *report;
            *report = relay->feeder_report;
            report->stopped_early = own.stopped_early || relay->feeder_report.stopped_early;
            report->failed = own.failed;
            if (own.failed) memcpy(report->message, own.message, sizeof own.message);
        }
    }
    pthread_cond_broadcast(&relay->changed);
    pthread_mutex_unlock(&relay->lock);
}

int cropper_jpeg_decode_feeding(const unsigned char *data, size_t size, FILE *file, int denominator, int output,
                                unsigned char *pixels, int width, int height, int stride, int max_scans,
                                cropper_jpeg_relay *relay, cropper_jpeg_report *report) {
    return cropper_jpeg_decode_core(data, size, file, denominator, output, pixels, width, height, stride, max_scans,
                                    NULL, NULL, relay, RELAY_FEEDING, report);
}

int cropper_jpeg_decode_fed(const unsigned char *data, size_t size, FILE *file, int output,
                            unsigned char *pixels, int width, int height, int stride, int max_scans,
                            cropper_jpeg_rows_done rows_done, void *rows_context,
                            cropper_jpeg_relay *relay, cropper_jpeg_report *report) {
    return cropper_jpeg_decode_core(data, size, file, 1, output, pixels, width, height, stride, max_scans,
                                    rows_done, rows_context, relay, RELAY_FED, report);
}
