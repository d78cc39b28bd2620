// Every program copy's address constants (fortran_sentinels.h), for the bindings to recognise.
// Copies are loaded one after another on the simulation's thread before and while ranks start, so
// the table needs no lock; it only grows (copies stay loaded until the process exits).

#include <unordered_map>

#include "fortran_binding.hpp"
#include "fortran_sentinels.h"

namespace xo::fortran {

namespace {

std::unordered_map<const void*, Sentinel>& registry() {
  static auto* table =
      new std::unordered_map<const void*, Sentinel>();  // never destroyed: copies' exit handlers may call MPI
  return *table;
}

}  // namespace

Sentinel sentinel_at(const void* address) {
  const auto& table = registry();
  const auto found = table.find(address);
  return found == table.end() ? Sentinel::None : found->second;
}

}  // namespace xo::fortran

extern "C" void xo_fortran_register_sentinels(const XoFortranSentinels* s) {
  using xo::fortran::Sentinel;
  auto& table = xo::fortran::registry();
  table[s->bottom] = Sentinel::Bottom;
  table[s->in_place] = Sentinel::InPlace;
  table[s->status_ignore] = Sentinel::StatusIgnore;
  table[s->statuses_ignore] = Sentinel::StatusesIgnore;
  table[s->errcodes_ignore] = Sentinel::ErrcodesIgnore;
  table[s->argv_null] = Sentinel::ArgvNull;
  table[s->unweighted] = Sentinel::Unweighted;
  table[s->weights_empty] = Sentinel::WeightsEmpty;
}
