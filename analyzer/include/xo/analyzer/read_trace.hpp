#pragma once
// Reads an OTF2 3.x archive (Crossover's or a foreign one such as Score-P's) into a TraceModel.
//
// Each location's events are read on their own, in file order: calls nest per location, requests
// pair per location, messages pair per (communicator, sender, receiver, tag) in each side's order
// and collectives per (communicator, member) in order, so no global time merge is needed. Records
// the model has no use for (metrics, parameters, RMA, threading, I/O ...) are skipped by OTF2.
// Locations are read on one thread per core (at most 8; one for an archive under 200,000 events),
// each thread with an OTF2 reader of its own; XO_READ_THREADS=N sets the number (1 to 64, 1 reads
// serially), any other value is refused with a TraceReadError. The model is the same either way.
// While reading, OTF2's error messages are captured (nothing is printed) and the previous OTF2
// error handler is restored afterwards; not to be called while another thread uses OTF2.

#include <cstdint>
#include <functional>
#include <string>

#include "xo/analyzer/trace_model.hpp"
#include "xo/tracer/trace_read_error.hpp"

namespace xo::analyzer {

// One line naming the file, what is wrong with it and the fix (the checker raises the same).
using TraceReadError = tracer::TraceReadError;

// Told the events read so far and the events the definitions announce (0 if they announce none),
// every million events or so and once at the end: enough for a progress bar.
using ReadProgress = std::function<void(std::uint64_t events_read, std::uint64_t events_total)>;

// What to do with a damaged trace: one whose contents contradict each other (time running
// backwards on a location, a Leave without its Enter, members of a collective that disagree) or, in
// an archive of Crossover's, differ from what its writer recorded (each event file's digest, the
// trace identifier over the anchor and global definitions, the rank count). Figures from such a
// trace cannot be trusted.
enum class Damage {
  Refuse,    // throw TraceReadError naming the first sign of damage, before reading further
  Tolerate,  // read what can be read; the damage is counted in TraceModel::problems (damage())
};

// `anchor_path` is the archive's anchor file (".../traces.otf2"). Throws TraceReadError if the
// archive cannot be read (missing, not OTF2, truncated or corrupt files) or, unless tolerated, is
// damaged. Problems that are no damage (unmatched messages, calls left open by a run cut short)
// are counted in TraceModel::problems.
TraceModel read_trace(const std::string& anchor_path, const ReadProgress& progress = {},
                      Damage damage = Damage::Refuse);

}  // namespace xo::analyzer
