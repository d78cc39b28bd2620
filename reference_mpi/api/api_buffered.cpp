// Buffered sends: MPI_Bsend copies the message into space reserved from the buffer the program
// attached, so the call returns at once; the space is free again when the transfer completes.

#include <algorithm>
#include <string>

#include "api_call.hpp"
#include "api_layer.hpp"
#include "buffer_check.hpp"
#include "buffered_send.hpp"
#include "p2p_calls.hpp"
#include "xo/mpi/state/datatype_pack.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::MpiError;
using xo::mpi::RankState;
using xo::mpi::Request;
using xo::mpi::World;

namespace {

// Releases the records whose transfer has completed by now; returns the bytes still reserved.
std::int64_t reclaim(xo::mpi::ApiRank& self) {
  World& world = World::current();
  std::int64_t used = 0;
  auto& records = self.bsends;
  records.erase(std::remove_if(records.begin(), records.end(),
                               [&](const std::unique_ptr<xo::mpi::BsendRecord>& record) {
                                 if (!xo::mpi::is_done(record->request)) {
                                   used += record->bytes;
                                   return false;
                                 }
                                 world.release(record->request);
                                 return true;
                               }),
                records.end());
  return used;
}

// Copies the message into the attached buffer and starts it; returns the transfer's request.
Request* buffered_send(const char* call, const void* buf, int count, const xo::mpi::DatatypeRef& type, int dest,
                       int tag, MPI_Comm comm, Request::Traced traced) {
  xo::mpi::ApiRank& self = xo::mpi::api_self(World::current());
  xo::mpi::require_count(count);
  if (dest != MPI_PROC_NULL) xo::mpi::require_buffer(buf, count, *type, "the send buffer");
  const std::int64_t bytes = static_cast<std::int64_t>(count) * type->size();
  const std::int64_t needed = bytes + MPI_BSEND_OVERHEAD;
  if (self.bsend_buffer == nullptr) {
    throw MpiError(MPI_ERR_BUFFER, std::string(call) + " needs " + std::to_string(needed) +
                                       " bytes of buffer space but no buffer is attached; call MPI_Buffer_attach "
                                       "first (allow MPI_BSEND_OVERHEAD = " +
                                       std::to_string(MPI_BSEND_OVERHEAD) + " bytes per message)");
  }
  const std::int64_t used = reclaim(self);
  if (used + needed > self.bsend_size) {
    throw MpiError(MPI_ERR_BUFFER, std::string(call) + " needs " + std::to_string(needed) + " bytes (" +
                                       std::to_string(bytes) + " of data plus MPI_BSEND_OVERHEAD) but only " +
                                       std::to_string(self.bsend_size - used) + " of the " +
                                       std::to_string(self.bsend_size) +
                                       " attached bytes are free; attach a larger buffer with MPI_Buffer_attach");
  }
  auto record = std::make_unique<xo::mpi::BsendRecord>();
  record->bytes = needed;
  record->data.resize(static_cast<std::size_t>(bytes));
  if (bytes > 0) xo::mpi::pack(buf, count, *type, record->data.data());
  record->request = xo::mpi::post_send(call, record->data.data(), static_cast<int>(bytes), MPI_BYTE, dest, tag, comm,
                                       xo::hw::SendMode::Buffered, traced);
  Request* posted = record->request;
  self.bsends.push_back(std::move(record));
  return posted;
}

}  // namespace

namespace xo::mpi {

Request* post_buffered_isend(const char* call, const void* buf, int count, DatatypeRef type, int dest, int tag,
                             MPI_Comm comm) {
  const Request* transfer = buffered_send(call, buf, count, type, dest, tag, comm, Request::Traced::No);
  // The data is in the attached buffer, so the program's request is complete at once.
  World& world = World::current();
  Request* done = world.new_request();
  done->owner = world.self().world_rank;
  done->call = call;
  done->complete = true;
  done->complete_time = world.engine().now();
  if (transfer->status.MPI_SOURCE != MPI_PROC_NULL) {  // traced as the program sees it: an MpiIsend
    done->context = transfer->context;
    done->peer = transfer->peer;
    done->tag = transfer->tag;
    done->bytes = transfer->bytes;
    report_posted(done, Request::Traced::Nonblocking, done->complete_time);
  }
  return done;
}

}  // namespace xo::mpi

extern "C" {

int MPI_Bsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  return api_call("MPI_Bsend", comm, [&] {
    const auto type = World::current().self().datatypes.get_committed(datatype);
    buffered_send("MPI_Bsend", buf, count, type, dest, tag, comm, Request::Traced::Blocking);
  });
}

int MPI_Ibsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request* request) {
  return api_call("MPI_Ibsend", comm, [&] {
    if (request == nullptr) throw MpiError(MPI_ERR_ARG, "request is a null pointer");
    const auto type = World::current().self().datatypes.get_committed(datatype);
    Request* done = xo::mpi::post_buffered_isend("MPI_Ibsend", buf, count, type, dest, tag, comm);
    *request = xo::mpi::add_request(done);
  });
}

int MPI_Buffer_attach(void* buffer, int size) {
  return api_call("MPI_Buffer_attach", MPI_COMM_WORLD, [&] {
    xo::mpi::ApiRank& self = xo::mpi::api_self(World::current());
    if (self.bsend_buffer != nullptr) {
      throw MpiError(MPI_ERR_BUFFER, "a buffer is already attached; call MPI_Buffer_detach before attaching another");
    }
    if (buffer == nullptr || size < 0) {
      throw MpiError(MPI_ERR_ARG, "MPI_Buffer_attach needs a non-null buffer and a size of at least 0");
    }
    self.bsend_buffer = buffer;
    self.bsend_size = size;
  });
}

int MPI_Buffer_detach(void* buffer_addr, int* size) {
  return api_call("MPI_Buffer_detach", MPI_COMM_WORLD, [&] {
    if (buffer_addr == nullptr || size == nullptr) {
      throw MpiError(MPI_ERR_ARG, "buffer_addr or size is a null pointer");
    }
    xo::mpi::ApiRank& self = xo::mpi::api_self(World::current());
    for (const auto& record : self.bsends) xo::mpi::wait_for(record->request);  // detach waits for pending sends
    reclaim(self);
    *static_cast<void**>(buffer_addr) = self.bsend_buffer;
    *size = static_cast<int>(self.bsend_size);
    self.bsend_buffer = nullptr;
    self.bsend_size = 0;
  });
}

}  // extern "C"
