#pragma once
/* What the tracer remembers of the program's MPI handles: communicators by id (pmpi_log.h), each
   written to the rank's .comms file when first used, and the nonblocking requests in flight. */

#include <mpi.h>
#include <stdint.h>

/* The id of `comm`; a communicator first seen is numbered and its members written. */
int32_t xo_comm_id(MPI_Comm comm);
/* `comm` is about to be freed: its handle may name another communicator later. */
void xo_comm_forget(MPI_Comm comm);

enum xo_request_kind { XO_REQUEST_SEND, XO_REQUEST_RECEIVE, XO_REQUEST_COLLECTIVE };

typedef struct {
  uint64_t id; /* unique on this rank */
  enum xo_request_kind kind;
  int32_t comm; /* its communicator's id */
  /* A nonblocking collective's completion record: the call, root (-1 none) and bytes. */
  int32_t call;
  int32_t root;
  uint64_t sent;
  uint64_t received;
} xo_request;

/* Remembers a request the program started, `request` its description (its id is set); returns
   the id. */
uint64_t xo_request_started(MPI_Request handle, xo_request request);
/* Takes the request `handle` named (its entry is removed); 0 if it is not one the tracer knows. */
int xo_request_take(MPI_Request handle, xo_request* out);

/* A persistent request (MPI_Send_init, MPI_Recv_init): what each MPI_Start of it starts. */
typedef struct {
  int receive;
  int32_t peer; /* the destination of a send (MPI_PROC_NULL: nothing moves) */
  int32_t tag;
  int32_t comm; /* its communicator's id */
  uint64_t bytes;
} xo_persistent;

void xo_persistent_made(MPI_Request handle, xo_persistent p);
/* 0 if `handle` is no persistent request the tracer knows. */
int xo_persistent_find(MPI_Request handle, xo_persistent* out);
void xo_persistent_forget(MPI_Request handle);
