/* The point-to-point calls: MpiSend/Recv events inside blocking calls, MpiIsend and
   MpiIrecvRequest when a request starts, MpiIsendComplete and MpiIrecv when a wait or test sees it
   complete (the receive's source, tag and size from its status). Sends to and receives from
   MPI_PROC_NULL move nothing and record no event. */

#include <stdlib.h>

#include "wrap_support.h"

static void record_send(int dest, int tag, MPI_Comm comm, int count, MPI_Datatype type) {
  if (dest == MPI_PROC_NULL) return;
  xo_log_append(XO_PMPI_SEND, xo_now_ns(), dest, xo_comm_id(comm), tag, xo_bytes(count, type));
}

static void record_receive(const MPI_Status* status, MPI_Comm comm) {
  if (status->MPI_SOURCE == MPI_PROC_NULL) return;
  int count = 0;
  PMPI_Get_count(status, MPI_BYTE, &count);
  xo_log_append(XO_PMPI_RECV, xo_now_ns(), status->MPI_SOURCE, xo_comm_id(comm), status->MPI_TAG,
                (uint64_t)(count > 0 ? count : 0));
}

void xo_request_completed(MPI_Request handle, const MPI_Status* status) {
  xo_request r;
  if (!xo_request_take(handle, &r)) return;
  const int64_t now = xo_now_ns();
  if (r.kind == XO_REQUEST_SEND) {
    xo_log_append(XO_PMPI_ISEND_COMPLETE, now, 0, 0, 0, r.id);
    return;
  }
  if (r.kind == XO_REQUEST_COLLECTIVE) {
    xo_log_append(XO_PMPI_COLLECTIVE_COMPLETE, now, r.call, r.comm, r.root, r.sent);
    xo_log_append(XO_PMPI_EXTRA, now, 0, 0, 0, r.received);
    xo_log_append(XO_PMPI_EXTRA, now, 0, 0, 0, r.id);
    return;
  }
  int cancelled = 0;
  PMPI_Test_cancelled(status, &cancelled);
  if (cancelled || status->MPI_SOURCE == MPI_PROC_NULL) return;
  int count = 0;
  PMPI_Get_count(status, MPI_BYTE, &count);
  xo_log_append(XO_PMPI_IRECV, now, status->MPI_SOURCE, r.comm, status->MPI_TAG, (uint64_t)(count > 0 ? count : 0));
  xo_log_append(XO_PMPI_EXTRA, now, 0, 0, 0, r.id);
}

static int blocking_send(enum xo_pmpi_call call, int (*send)(const void*, int, MPI_Datatype, int, int, MPI_Comm),
                         const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  const int traced = xo_enter(call);
  if (traced) record_send(dest, tag, comm, count, type);
  const int result = send(buf, count, type, dest, tag, comm);
  xo_leave(call, traced);
  return result;
}

int MPI_Send(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  return blocking_send(XO_PMPI_MPI_Send, PMPI_Send, buf, count, type, dest, tag, comm);
}
int MPI_Ssend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  return blocking_send(XO_PMPI_MPI_Ssend, PMPI_Ssend, buf, count, type, dest, tag, comm);
}
int MPI_Rsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  return blocking_send(XO_PMPI_MPI_Rsend, PMPI_Rsend, buf, count, type, dest, tag, comm);
}
int MPI_Bsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  return blocking_send(XO_PMPI_MPI_Bsend, PMPI_Bsend, buf, count, type, dest, tag, comm);
}

int MPI_Recv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status* status) {
  const int traced = xo_enter(XO_PMPI_MPI_Recv);
  MPI_Status own;
  if (status == MPI_STATUS_IGNORE) status = &own;
  const int result = PMPI_Recv(buf, count, type, source, tag, comm, status);
  if (traced && result == MPI_SUCCESS) record_receive(status, comm);
  xo_leave(XO_PMPI_MPI_Recv, traced);
  return result;
}

static int nonblocking_send(enum xo_pmpi_call call,
                            int (*send)(const void*, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request*),
                            const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                            MPI_Request* request) {
  const int traced = xo_enter(call);
  const int64_t at = xo_now_ns();
  const int result = send(buf, count, type, dest, tag, comm, request);
  if (traced && result == MPI_SUCCESS && dest != MPI_PROC_NULL) {
    const int32_t comm_id = xo_comm_id(comm);
    const uint64_t id = xo_request_started(*request, (xo_request){.kind = XO_REQUEST_SEND, .comm = comm_id});
    xo_log_append(XO_PMPI_ISEND, at, dest, comm_id, tag, xo_bytes(count, type));
    xo_log_append(XO_PMPI_EXTRA, at, 0, 0, 0, id);
  }
  xo_leave(call, traced);
  return result;
}

int MPI_Isend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request) {
  return nonblocking_send(XO_PMPI_MPI_Isend, PMPI_Isend, buf, count, type, dest, tag, comm, request);
}
int MPI_Issend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request) {
  return nonblocking_send(XO_PMPI_MPI_Issend, PMPI_Issend, buf, count, type, dest, tag, comm, request);
}
int MPI_Ibsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request) {
  return nonblocking_send(XO_PMPI_MPI_Ibsend, PMPI_Ibsend, buf, count, type, dest, tag, comm, request);
}
int MPI_Irsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request) {
  return nonblocking_send(XO_PMPI_MPI_Irsend, PMPI_Irsend, buf, count, type, dest, tag, comm, request);
}

int MPI_Irecv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Irecv);
  const int result = PMPI_Irecv(buf, count, type, source, tag, comm, request);
  if (traced && result == MPI_SUCCESS && source != MPI_PROC_NULL) {
    const uint64_t id =
        xo_request_started(*request, (xo_request){.kind = XO_REQUEST_RECEIVE, .comm = xo_comm_id(comm)});
    xo_log_append(XO_PMPI_IRECV_REQUEST, xo_now_ns(), 0, 0, 0, id);
  }
  xo_leave(XO_PMPI_MPI_Irecv, traced);
  return result;
}

int MPI_Wait(MPI_Request* request, MPI_Status* status) {
  const int traced = xo_enter(XO_PMPI_MPI_Wait);
  const MPI_Request handle = *request;
  MPI_Status own;
  if (status == MPI_STATUS_IGNORE) status = &own;
  const int result = PMPI_Wait(request, status);
  if (traced && result == MPI_SUCCESS) xo_request_completed(handle, status);
  xo_leave(XO_PMPI_MPI_Wait, traced);
  return result;
}

int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status) {
  const int traced = xo_enter(XO_PMPI_MPI_Test);
  const MPI_Request handle = *request;
  MPI_Status own;
  if (status == MPI_STATUS_IGNORE) status = &own;
  const int result = PMPI_Test(request, flag, status);
  if (traced && result == MPI_SUCCESS && *flag) xo_request_completed(handle, status);
  xo_leave(XO_PMPI_MPI_Test, traced);
  return result;
}

/* Waitall and Testall: the handles and statuses kept aside, since the call nulls the handles and
   the program may ignore the statuses. */
enum { kFewRequests = 16 }; /* kept on the stack; more are allocated */

static int all_requests(enum xo_pmpi_call call, int count, MPI_Request* requests, int* flag, MPI_Status* statuses) {
  const int traced = xo_enter(call);
  MPI_Request few_handles[kFewRequests];
  MPI_Status few_statuses[kFewRequests];
  MPI_Request* handles = few_handles;
  MPI_Request* handles_allocated = NULL;
  MPI_Status* own = NULL;
  if (traced && count > 0) {
    if (count > kFewRequests) handles = handles_allocated = malloc(sizeof(MPI_Request) * (size_t)count);
    for (int i = 0; i < count; ++i) handles[i] = requests[i];
    if (statuses == MPI_STATUSES_IGNORE) {
      statuses = count > kFewRequests ? (own = malloc(sizeof(MPI_Status) * (size_t)count)) : few_statuses;
    }
  }
  int done = 1;
  const int result =
      flag != NULL ? PMPI_Testall(count, requests, &done, statuses) : PMPI_Waitall(count, requests, statuses);
  if (flag != NULL) *flag = done;
  if (traced && result == MPI_SUCCESS && done) {
    for (int i = 0; i < count; ++i) xo_request_completed(handles[i], &statuses[i]);
  }
  free(handles_allocated);
  free(own);
  xo_leave(call, traced);
  return result;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  return all_requests(XO_PMPI_MPI_Waitall, count, requests, NULL, statuses);
}
int MPI_Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[]) {
  return all_requests(XO_PMPI_MPI_Testall, count, requests, flag, statuses);
}

int MPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status* status) {
  const int traced = xo_enter(XO_PMPI_MPI_Sendrecv);
  if (traced) record_send(dest, sendtag, comm, sendcount, sendtype);
  MPI_Status own;
  if (status == MPI_STATUS_IGNORE) status = &own;
  const int result = PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
                                   recvtag, comm, status);
  if (traced && result == MPI_SUCCESS) record_receive(status, comm);
  xo_leave(XO_PMPI_MPI_Sendrecv, traced);
  return result;
}

/* One buffer sent, then received into: the message that arrives replaces the one that left. */
int MPI_Sendrecv_replace(void* buf, int count, MPI_Datatype type, int dest, int sendtag, int source, int recvtag,
                         MPI_Comm comm, MPI_Status* status) {
  const int traced = xo_enter(XO_PMPI_MPI_Sendrecv_replace);
  if (traced) record_send(dest, sendtag, comm, count, type);
  MPI_Status own;
  if (status == MPI_STATUS_IGNORE) status = &own;
  const int result = PMPI_Sendrecv_replace(buf, count, type, dest, sendtag, source, recvtag, comm, status);
  if (traced && result == MPI_SUCCESS) record_receive(status, comm);
  xo_leave(XO_PMPI_MPI_Sendrecv_replace, traced);
  return result;
}

/* Waitany and Testany: the one completed, if any. */
static int any_request(enum xo_pmpi_call call, int count, MPI_Request* requests, int* index, int* flag,
                       MPI_Status* status) {
  const int traced = xo_enter(call);
  MPI_Request few_handles[kFewRequests];
  MPI_Request* handles = count > kFewRequests && traced ? malloc(sizeof(MPI_Request) * (size_t)count) : few_handles;
  for (int i = 0; traced && i < count; ++i) handles[i] = requests[i];
  MPI_Status own;
  if (status == MPI_STATUS_IGNORE) status = &own;
  int done = 1;
  const int result =
      flag != NULL ? PMPI_Testany(count, requests, index, &done, status) : PMPI_Waitany(count, requests, index, status);
  if (flag != NULL) *flag = done;
  if (traced && result == MPI_SUCCESS && done && *index != MPI_UNDEFINED) xo_request_completed(handles[*index], status);
  if (handles != few_handles) free(handles);
  xo_leave(call, traced);
  return result;
}

int MPI_Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status) {
  return any_request(XO_PMPI_MPI_Waitany, count, requests, index, NULL, status);
}
int MPI_Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status) {
  return any_request(XO_PMPI_MPI_Testany, count, requests, index, flag, status);
}

/* Waitsome and Testsome: those completed, by the indices the call returns. */
static int some_requests(enum xo_pmpi_call call, int count, MPI_Request* requests, int* outcount, int* indices,
                         MPI_Status* statuses, int test) {
  const int traced = xo_enter(call);
  MPI_Request few_handles[kFewRequests];
  MPI_Status few_statuses[kFewRequests];
  MPI_Request* handles = few_handles;
  MPI_Status* own = NULL;
  if (traced && count > kFewRequests) handles = malloc(sizeof(MPI_Request) * (size_t)count);
  for (int i = 0; traced && i < count; ++i) handles[i] = requests[i];
  if (traced && statuses == MPI_STATUSES_IGNORE) {
    statuses = count > kFewRequests ? (own = malloc(sizeof(MPI_Status) * (size_t)count)) : few_statuses;
  }
  const int result = test ? PMPI_Testsome(count, requests, outcount, indices, statuses)
                          : PMPI_Waitsome(count, requests, outcount, indices, statuses);
  if (traced && result == MPI_SUCCESS && *outcount != MPI_UNDEFINED) {
    for (int k = 0; k < *outcount; ++k) xo_request_completed(handles[indices[k]], &statuses[k]);
  }
  if (handles != few_handles) free(handles);
  free(own);
  xo_leave(call, traced);
  return result;
}

int MPI_Waitsome(int count, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  return some_requests(XO_PMPI_MPI_Waitsome, count, requests, outcount, indices, statuses, 0);
}
int MPI_Testsome(int count, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  return some_requests(XO_PMPI_MPI_Testsome, count, requests, outcount, indices, statuses, 1);
}

/* Probes move nothing: their time is the call's. */
int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status* status) {
  const int traced = xo_enter(XO_PMPI_MPI_Probe);
  const int result = PMPI_Probe(source, tag, comm, status);
  xo_leave(XO_PMPI_MPI_Probe, traced);
  return result;
}
int MPI_Iprobe(int source, int tag, MPI_Comm comm, int* flag, MPI_Status* status) {
  const int traced = xo_enter(XO_PMPI_MPI_Iprobe);
  const int result = PMPI_Iprobe(source, tag, comm, flag, status);
  xo_leave(XO_PMPI_MPI_Iprobe, traced);
  return result;
}
