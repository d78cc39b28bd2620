#pragma once
// A run's own point-to-point models, computed in one place for xo report, xo bench and the GUI's
// Fits view: per protocol, end-to-end time against bytes as a robust line (a + b * bytes); over
// all protocols, the protocol boundaries a segmented fit finds from the times alone, as it must on
// a real MPI whose protocols are not labelled. Each absent model says why in one line.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "xo/analyzer/analysis/message_samples.hpp"
#include "xo/analyzer/fit/robust_fit.hpp"
#include "xo/analyzer/fit/segmented_fit.hpp"

namespace xo::analyzer {

struct ProtocolLine {
  std::string protocol;
  std::size_t samples = 0;  // messages with an end-to-end time
  std::size_t sizes = 0;    // distinct sizes among them
  std::optional<fit::RobustFit> line;
  std::string missing;  // why there is no line
};

struct RunFits {
  std::vector<ProtocolLine> protocols;  // in the samples' order
  std::optional<fit::SegmentedFit> boundaries;
  std::string boundaries_missing;     // why there is no segmented fit
  std::size_t zero_byte_samples = 0;  // end-to-end times of empty messages: on no log axis, in no fit of boundaries
};

// The end-to-end samples of messages of at least one byte, at most `per_size` of each size and
// protocol (evenly strided, so they span the run): the segmented fit works on medians per size,
// and a million messages of a few sizes need not all be fitted.
struct SizeTimes {
  std::vector<double> bytes, seconds;
};
SizeTimes end_to_end_by_size(const std::vector<ProtocolSamples>& samples, std::size_t per_size);

// A protocol's end-to-end times by message size (every size, zero bytes included): all that the
// segmented fit and the GUI's chart read of the samples.
struct ProtocolTimes {
  std::string protocol;
  std::map<double, std::vector<double>> by_size;
};
std::vector<ProtocolTimes> end_to_end_times(const std::vector<ProtocolSamples>& samples);
// The same straight from a trace, keeping 8 bytes a message rather than a sample's 64.
std::vector<ProtocolTimes> end_to_end_times(const TraceModel& model);

RunFits fit_run(const std::vector<ProtocolSamples>& samples);

// The segmented fit alone (RunFits::boundaries); `missing`, if given, says why there is none.
std::optional<fit::SegmentedFit> fit_boundaries(const std::vector<ProtocolSamples>& samples,
                                                std::string* missing = nullptr);
std::optional<fit::SegmentedFit> fit_boundaries(const std::vector<ProtocolTimes>& times,
                                                std::string* missing = nullptr);

}  // namespace xo::analyzer
