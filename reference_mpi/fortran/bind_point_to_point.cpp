// Fortran bindings: sends, receives, probes and the attached buffer. BUF is a choice argument,
// which may be MPI_BOTTOM (buffer()).

#include "fortran_binding.hpp"

using namespace xo::fortran;

namespace {

using Send = int (*)(const void*, int, MPI_Datatype, int, int, MPI_Comm);
using Start = int (*)(const void*, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request*);

void send(Send c, const void* buf, const Fint* count, const Fint* type, const Fint* dest, const Fint* tag,
          const Fint* comm, Fint* ierr) {
  *ierr = c(buffer(buf), *count, *type, *dest, *tag, *comm);
}

// The nonblocking and persistent sends: one more argument, the request.
void start(Start c, const void* buf, const Fint* count, const Fint* type, const Fint* dest, const Fint* tag,
           const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = c(buffer(buf), *count, *type, *dest, *tag, *comm, request);
}

}  // namespace

extern "C" {

// The sends share one shape: mpi_xxx_ calls MPI_Xxx through send() or start().
#define XO_SEND(fortran_name, c_function)                                                                     \
  void fortran_name(const void* b, const Fint* n, const Fint* t, const Fint* d, const Fint* g, const Fint* c, \
                    Fint* e) {                                                                                \
    send(c_function, b, n, t, d, g, c, e);                                                                    \
  }
#define XO_START(fortran_name, c_function)                                                                             \
  void fortran_name(const void* b, const Fint* n, const Fint* t, const Fint* d, const Fint* g, const Fint* c, Fint* r, \
                    Fint* e) {                                                                                         \
    start(c_function, b, n, t, d, g, c, r, e);                                                                         \
  }

XO_SEND(mpi_send_, MPI_Send)
XO_SEND(mpi_ssend_, MPI_Ssend)
XO_SEND(mpi_bsend_, MPI_Bsend)
XO_SEND(mpi_rsend_, MPI_Rsend)
XO_START(mpi_isend_, MPI_Isend)
XO_START(mpi_issend_, MPI_Issend)
XO_START(mpi_ibsend_, MPI_Ibsend)
XO_START(mpi_irsend_, MPI_Irsend)
XO_START(mpi_send_init_, MPI_Send_init)
XO_START(mpi_bsend_init_, MPI_Bsend_init)
XO_START(mpi_ssend_init_, MPI_Ssend_init)
XO_START(mpi_rsend_init_, MPI_Rsend_init)

void mpi_recv_(void* buf, const Fint* count, const Fint* type, const Fint* source, const Fint* tag, const Fint* comm,
               Fint* status, Fint* ierr) {
  StatusOut s(status);
  *ierr = MPI_Recv(buffer(buf), *count, *type, *source, *tag, *comm, s.c());
  s.store();
}

void mpi_irecv_(void* buf, const Fint* count, const Fint* type, const Fint* source, const Fint* tag, const Fint* comm,
                Fint* request, Fint* ierr) {
  *ierr = MPI_Irecv(buffer(buf), *count, *type, *source, *tag, *comm, request);
}

void mpi_recv_init_(void* buf, const Fint* count, const Fint* type, const Fint* source, const Fint* tag,
                    const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = MPI_Recv_init(buffer(buf), *count, *type, *source, *tag, *comm, request);
}

void mpi_sendrecv_(const void* sendbuf, const Fint* sendcount, const Fint* sendtype, const Fint* dest,
                   const Fint* sendtag, void* recvbuf, const Fint* recvcount, const Fint* recvtype, const Fint* source,
                   const Fint* recvtag, const Fint* comm, Fint* status, Fint* ierr) {
  StatusOut s(status);
  *ierr = MPI_Sendrecv(buffer(sendbuf), *sendcount, *sendtype, *dest, *sendtag, buffer(recvbuf), *recvcount, *recvtype,
                       *source, *recvtag, *comm, s.c());
  s.store();
}

void mpi_sendrecv_replace_(void* buf, const Fint* count, const Fint* type, const Fint* dest, const Fint* sendtag,
                           const Fint* source, const Fint* recvtag, const Fint* comm, Fint* status, Fint* ierr) {
  StatusOut s(status);
  *ierr = MPI_Sendrecv_replace(buffer(buf), *count, *type, *dest, *sendtag, *source, *recvtag, *comm, s.c());
  s.store();
}

void mpi_buffer_attach_(void* buf, const Fint* size, Fint* ierr) { *ierr = MPI_Buffer_attach(buf, *size); }

// Fortran cannot take the buffer's address back (BUFFER_ADDR is a choice argument): only SIZE is
// returned, as the standard's Fortran binding does.
void mpi_buffer_detach_(void*, Fint* size, Fint* ierr) {
  void* address = nullptr;
  *ierr = MPI_Buffer_detach(&address, size);
}

void mpi_probe_(const Fint* source, const Fint* tag, const Fint* comm, Fint* status, Fint* ierr) {
  StatusOut s(status);
  *ierr = MPI_Probe(*source, *tag, *comm, s.c());
  s.store();
}

void mpi_iprobe_(const Fint* source, const Fint* tag, const Fint* comm, Fint* flag, Fint* status, Fint* ierr) {
  StatusOut s(status);
  int c = 0;
  *ierr = MPI_Iprobe(*source, *tag, *comm, &c, s.c());
  *flag = logical(c);
  s.store();
}

void mpi_mprobe_(const Fint* source, const Fint* tag, const Fint* comm, Fint* message, Fint* status, Fint* ierr) {
  StatusOut s(status);
  *ierr = MPI_Mprobe(*source, *tag, *comm, message, s.c());
  s.store();
}

void mpi_improbe_(const Fint* source, const Fint* tag, const Fint* comm, Fint* flag, Fint* message, Fint* status,
                  Fint* ierr) {
  StatusOut s(status);
  int c = 0;
  *ierr = MPI_Improbe(*source, *tag, *comm, &c, message, s.c());
  *flag = logical(c);
  s.store();
}

void mpi_mrecv_(void* buf, const Fint* count, const Fint* type, Fint* message, Fint* status, Fint* ierr) {
  StatusOut s(status);
  *ierr = MPI_Mrecv(buffer(buf), *count, *type, message, s.c());
  s.store();
}

void mpi_imrecv_(void* buf, const Fint* count, const Fint* type, Fint* message, Fint* request, Fint* ierr) {
  *ierr = MPI_Imrecv(buffer(buf), *count, *type, message, request);
}

}  // extern "C"
