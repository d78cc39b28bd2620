/* Persistent point-to-point requests: MPI_Send_init (and its synchronous, buffered and ready forms)
   and MPI_Recv_init only remember what the request moves; each MPI_Start of it records the MpiIsend
   or MpiIrecvRequest a nonblocking call would, with a request id of its own, and the wait that
   completes it the rest. */

#include "wrap_support.h"

static int make(enum xo_pmpi_call call, int (*init)(const void*, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request*),
                const void* buf, int count, MPI_Datatype type, int peer, int tag, MPI_Comm comm, MPI_Request* request,
                int receive) {
  const int traced = xo_enter(call);
  const int result = init(buf, count, type, peer, tag, comm, request);
  if (traced && result == MPI_SUCCESS) {
    xo_persistent_made(*request, (xo_persistent){receive, peer, tag, xo_comm_id(comm), xo_bytes(count, type)});
  }
  xo_leave(call, traced);
  return result;
}

int MPI_Send_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                  MPI_Request* request) {
  return make(XO_PMPI_MPI_Send_init, PMPI_Send_init, buf, count, type, dest, tag, comm, request, 0);
}
int MPI_Ssend_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request* request) {
  return make(XO_PMPI_MPI_Ssend_init, PMPI_Ssend_init, buf, count, type, dest, tag, comm, request, 0);
}
int MPI_Bsend_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request* request) {
  return make(XO_PMPI_MPI_Bsend_init, PMPI_Bsend_init, buf, count, type, dest, tag, comm, request, 0);
}
int MPI_Rsend_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request* request) {
  return make(XO_PMPI_MPI_Rsend_init, PMPI_Rsend_init, buf, count, type, dest, tag, comm, request, 0);
}

static int receive_init(const void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                        MPI_Request* request) {
  return PMPI_Recv_init((void*)buf, count, type, source, tag, comm, request);
}

int MPI_Recv_init(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request* request) {
  return make(XO_PMPI_MPI_Recv_init, receive_init, buf, count, type, source, tag, comm, request, 1);
}

/* What one MPI_Start of `handle` records, after the start succeeded. */
static void started(MPI_Request handle, int64_t at) {
  xo_persistent p;
  if (!xo_persistent_find(handle, &p) || p.peer == MPI_PROC_NULL) return;
  if (p.receive) {
    const uint64_t id = xo_request_started(handle, (xo_request){.kind = XO_REQUEST_RECEIVE, .comm = p.comm});
    xo_log_append(XO_PMPI_IRECV_REQUEST, at, 0, 0, 0, id);
  } else {
    const uint64_t id = xo_request_started(handle, (xo_request){.kind = XO_REQUEST_SEND, .comm = p.comm});
    xo_log_append(XO_PMPI_ISEND, at, p.peer, p.comm, p.tag, p.bytes);
    xo_log_append(XO_PMPI_EXTRA, at, 0, 0, 0, id);
  }
}

int MPI_Start(MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Start);
  const int64_t at = xo_now_ns();
  const int result = PMPI_Start(request);
  if (traced && result == MPI_SUCCESS) started(*request, at);
  xo_leave(XO_PMPI_MPI_Start, traced);
  return result;
}

int MPI_Startall(int count, MPI_Request requests[]) {
  const int traced = xo_enter(XO_PMPI_MPI_Startall);
  const int64_t at = xo_now_ns();
  const int result = PMPI_Startall(count, requests);
  for (int i = 0; traced && result == MPI_SUCCESS && i < count; ++i) started(requests[i], at);
  xo_leave(XO_PMPI_MPI_Startall, traced);
  return result;
}

int MPI_Request_free(MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Request_free);
  xo_persistent_forget(*request);
  const int result = PMPI_Request_free(request);
  xo_leave(XO_PMPI_MPI_Request_free, traced);
  return result;
}
