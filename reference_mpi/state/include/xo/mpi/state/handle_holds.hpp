#pragma once
// The handles that nonblocking collectives in flight hold (their datatypes and operation). MPI
// lets the program free such a handle before the collective completes: the object then stays,
// under its handle (not reused), until the last holder lets go.

#include <map>

namespace xo::mpi {

class HandleHolds {
 public:
  void hold(int handle) { ++holds_[handle].holders; }
  // Whether MPI_Xxx_free of `handle` must wait for holders; marks it freed if so.
  bool defer_free(int handle) {
    const auto found = holds_.find(handle);
    if (found == holds_.end()) return false;
    found->second.freed = true;
    return true;
  }
  // Freed by the program, and still held.
  bool freed(int handle) const {
    const auto found = holds_.find(handle);
    return found != holds_.end() && found->second.freed;
  }
  // One holder lets go; true when the handle was freed meanwhile and is to be released now.
  bool release(int handle) {
    const auto found = holds_.find(handle);
    if (found == holds_.end() || --found->second.holders > 0) return false;
    const bool freed = found->second.freed;
    holds_.erase(found);
    return freed;
  }

 private:
  struct Hold {
    int holders = 0;
    bool freed = false;
  };
  std::map<int, Hold> holds_;
};

}  // namespace xo::mpi
