#pragma once
/* This rank's log (xo/tracer/pmpi_log.h): opened after MPI_Init when XO_PMPI_DIR is set, records
   buffered in blocks and written with write(2), closed after MPI_Finalize. One thread calls MPI
   (the tracer does not yet record MPI_THREAD_MULTIPLE programs). */

#include <stdint.h>
#include <stdio.h>

#include "xo/tracer/pmpi_log.h"

/* Whether events are being recorded: between a successful start and the stop. */
int xo_log_active(void);
/* The clock records are stamped with. */
int64_t xo_now_ns(void);
/* Opens DIR/rank-<rank>.log and writes its header; nothing is recorded if it cannot (a message on
   stderr says why). */
void xo_log_start(const char* directory, int rank, int size, int64_t clock_offset_ns, const char* library);
void xo_log_append(uint32_t kind, int64_t time_ns, int32_t a, int32_t b, int32_t c, uint64_t wide);
/* Writes what is buffered and closes the log. */
void xo_log_stop(void);
/* DIR/rank-<rank>.comms, opened by xo_log_start; null when not recording. */
FILE* xo_log_comms(void);
