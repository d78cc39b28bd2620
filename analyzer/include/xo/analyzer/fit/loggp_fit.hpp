#pragma once
// LogGP parameters (Alexandrov, Ionescu, Schauser, Scheiman, "LogGP: Incorporating Long Messages
// into the LogP Model", SPAA 1995) estimated from per-message samples of one protocol.
//
// The model: sending a k-byte message costs the sender o_s, the receiver o_r, and the data arrives
// o_s + (k−1)·G + L after the send began; a sender's consecutive messages start at least
// g + (k−1)·G apart. Estimation, as in the usual benchmarks (e.g. Kielmann, Bal, Verstoep,
// "Fast measurement of LogP parameters for message passing platforms", 2000):
//  - o_s, o_r: intercepts (at 0 bytes) of the time inside the send and the receive call against
//    bytes. Receive times count only for messages that had already arrived, so no waiting is in them.
//  - G: slope of the end-to-end time (send entered to receive left, the receive posted first)
//    against k − 1; its intercept is o_s + L + o_r, so L = intercept − o_s − o_r.
//  - g: the robust centre of gap − (k−1)·G over the back-to-back send intervals given.
// All fits are robust (fit_robust: late messages and OS hiccups are outliers). The fits use
// different samples and are taken as independent: L's standard error is the root sum of squares of
// the three intercepts' and its degrees of freedom are Welch–Satterthwaite's.
// Assumptions: the samples are of one protocol (fit each segment of fit_segmented separately), the
// clocks of sender and receiver agree (end-to-end spans two ranks), and o_s, o_r do not depend on
// the size beyond the per-byte slope their fits also report.

#include <optional>
#include <span>

#include "xo/analyzer/fit/estimate.hpp"
#include "xo/analyzer/fit/optional_seconds.hpp"
#include "xo/analyzer/fit/robust_fit.hpp"

namespace xo::analyzer::fit {

struct LogGpSample {
  double bytes = 0;
  OptionalSeconds send_call_seconds;     // time inside the send call
  OptionalSeconds receive_call_seconds;  // inside the receive call, message already there
  OptionalSeconds end_to_end_seconds;    // send entered to receive left, receive posted first
  OptionalSeconds gap_seconds;           // since the same sender's previous send began
  // Not used by the LogGP fit; the analyzer prices protocol changes with them (protocol_costs.hpp).
  OptionalSeconds send_blocked_seconds;  // a blocking send's call, receive posted first
  // The send's buffer became free only after its receive was posted, which came after the send:
  // the protocol holds the sender until the receiver arrives (rendezvous), or not (eager).
  std::optional<bool> sender_waited_for_receive;
  OptionalSeconds free_after_receive_posted;  // then: from that receive's post to the buffer free
};

struct LogGpFitOptions {
  double level = kDefaultConfidenceLevel;
  // Gap samples of larger messages are not used for g (LogP's g is a small-message figure).
  double max_gap_bytes = 1024;
};

struct LogGpFit {
  Estimate latency;             // L
  Estimate send_overhead;       // o_s
  Estimate receive_overhead;    // o_r
  Estimate gap_per_byte;        // G
  std::optional<Estimate> gap;  // g; absent with fewer than 2 gap samples of at most max_gap_bytes
  // g's interval reaches o_s's: the sender may be overhead-bound, and then the measured interval is
  // max(g, o_s) and g itself is only bounded above.
  bool gap_may_be_send_overhead = false;
  RobustFit send_fit;                // send call seconds against bytes
  RobustFit receive_fit;             // receive call seconds against bytes
  RobustFit end_to_end_fit;          // end-to-end seconds against bytes − 1
  std::optional<RobustFit> gap_fit;  // robust location of gap − (k−1)·G
};

// Throws std::invalid_argument naming the problem: negative or non-finite bytes, a time that is
// negative or not finite, fewer than 3 samples or fewer than 2 distinct sizes for the send,
// receive or end-to-end times, or a level outside (0, 1).
LogGpFit fit_loggp(std::span<const LogGpSample> samples, const LogGpFitOptions& options = {});

}  // namespace xo::analyzer::fit
