#pragma once
// What a background `xo report` is doing and how long it may still take, from its progress lines
// ("[  2/6] benchmarking xt3: ping-pong with ...": 2 of the stage's 6 parts done). A report runs
// stages one after another (reading the trace, benchmarking the machine, trying the
// recommendations on the program), each counting from 0; the time left is the stage's, at the
// pace of its parts done so far (parts differ, so it is "about").

#include <QString>
#include <optional>

namespace xo::gui {

struct ReportStep {
  long long done = 0;
  long long total = 0;
  QString stage;   // "benchmarking xt3"
  QString detail;  // "ping-pong with MPICH_MAX_SHORT_MSG_SIZE=0: long-pull as far as it goes"
};

std::optional<ReportStep> parse_report_step(const QString& line);

class ReportProgress {
 public:
  // The words for a line seen `elapsed` seconds after the report started: "benchmarking xt3, 2 of
  // 6 done (ping-pong with ...); 14 s so far, about 28 s left for this stage". A line that is no
  // step is returned as it is.
  QString update(const QString& line, double elapsed);

 private:
  QString stage_;
  long long done_ = 0;
  double stage_start_ = 0;
};

}  // namespace xo::gui
