// What recording costs a real simulated run, as `xo record` does it: the same program simulated
// without an observer and with the OTF2 writer attached, then the archive written. Reports the
// recording cost per MPI call (traced minus plain simulation time, over the calls made), the
// writing rate, peak memory, what recording costs against the plain run ("x plain": simulation
// with the writer plus writing, over the plain simulation), and the archive's files and bytes per
// event, in the files and in the blocks they take (issue 26's targets: at most 2x at 16,384 ranks,
// under 40 bytes an event). Creating files is the floor of writing many ranks' archives, and on
// some file systems it is slow (ext4 without a journal scans for recently deleted inodes): "mkfile
// s" is the time to create as many empty files in a fresh directory beside the archive. The XT3
// model is used because every message there has protocol phases to record. Each run happens in a
// forked child; figures are medians over runs. The archives go under TMPDIR (default /tmp).
//
//   record_cost [--quick] [--runs N]

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "child_run.hpp"
#include "mpi_programs.hpp"
#include "scratch_dir.hpp"
#include "xo/reference_mpi/simulation.hpp"
#include "xo/tracer/otf2_writer.hpp"

namespace {

using xo::bench::median;
using xo::bench::peak_rss_kib;
using xo::bench::run_in_child;

struct Scenario {
  const char* name;
  int ranks;
  int iterations;
  int calls_per_iteration;  // MPI calls per rank per iteration
  int other_calls;          // per rank: MPI_Init, MPI_Comm_rank, ..., MPI_Finalize
  int (*main)(int, char**);
};

struct Sample {
  double simulate_seconds = 0;  // the run, with or without the writer attached
  double write_seconds = 0;     // finish(): the archive written
  double events = 0;
  double files = 0;           // in the archive, its anchor and definitions included
  double bytes = 0;           // their sizes
  double disk = 0;            // the blocks they take, as du counts them
  double create_seconds = 0;  // creating as many empty files
  double peak_rss_kib = 0;
  bool ok = false;
};

// The regular files under `dir`, their bytes, and the bytes of the blocks they take; as du counts
// them, a file of several names (the writer links the empty definition files) counts once.
std::tuple<double, double, double> archive_size(const std::string& dir) {
  double files = 0, bytes = 0, disk = 0;
  std::set<std::pair<dev_t, ino_t>> seen;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    struct stat status {};
    if (!entry.is_regular_file() || stat(entry.path().c_str(), &status) != 0) continue;
    ++files;
    if (!seen.insert({status.st_dev, status.st_ino}).second) continue;
    bytes += static_cast<double>(status.st_size);
    disk += static_cast<double>(status.st_blocks) * 512;
  }
  return {files, bytes, disk};
}

// Seconds to create `count` empty files in a new directory `dir` (removed afterwards).
double seconds_to_create_files(const std::string& dir, std::size_t count) {
  std::filesystem::create_directories(dir);
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < count; ++i) {
    const int fd = open((dir + "/" + std::to_string(i)).c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
    if (fd >= 0) close(fd);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::filesystem::remove_all(dir);
  return seconds;
}

Sample run_once(const Scenario& s, bool traced, const std::string& dir) {
  xo::bench::g_iterations = s.iterations;
  xo::mpi::SimulationOptions options;
  options.ranks = s.ranks;
  options.machine = "xt3";
  options.compute = xo::mpi::ComputeMode::None;
  options.stack_bytes = 64 * 1024;
  options.env_lookup = [](const char*) -> const char* { return nullptr; };
  Sample sample;
  std::unique_ptr<xo::tracer::Otf2Writer> writer;
  if (traced) {
    std::filesystem::create_directories(dir);
    writer = std::make_unique<xo::tracer::Otf2Writer>(dir, xo::tracer::Otf2WriterOptions{"record_cost", ""});
    options.observer = writer.get();
  }
  const auto start = std::chrono::steady_clock::now();
  const auto result = xo::mpi::run_simulation(options, s.main);
  const auto simulated = std::chrono::steady_clock::now();
  if (writer) writer->finish();
  const auto written = std::chrono::steady_clock::now();
  sample.simulate_seconds = std::chrono::duration<double>(simulated - start).count();
  sample.write_seconds = std::chrono::duration<double>(written - simulated).count();
  sample.events = writer ? static_cast<double>(writer->events_written()) : 0;
  if (writer) {
    std::tie(sample.files, sample.bytes, sample.disk) = archive_size(dir);
    sample.create_seconds = seconds_to_create_files(dir + "-files", static_cast<std::size_t>(sample.files));
  }
  sample.peak_rss_kib = peak_rss_kib();
  sample.ok = result.exit_code == 0;
  if (!sample.ok) std::fprintf(stderr, "record_cost: %s failed: %s\n", s.name, result.error.c_str());
  return sample;
}

}  // namespace

int main(int argc, char** argv) {
  xo::bench::RunCount count;
  if (!xo::bench::read_run_count(argc, argv, "record_cost [--quick] [--runs N]", count)) return 2;
  const bool quick = count.quick;
  const std::vector<Scenario> scenarios = {
      {"ping-pong, 8 bytes", 2, quick ? 1000 : 200000, 2, 3, &xo::bench::pingpong_main},
      {"Sendrecv ring", 64, quick ? 10 : 5000, 1, 4, &xo::bench::ring_main},
      {"Sendrecv ring", 1024, quick ? 2 : 200, 1, 4, &xo::bench::ring_main},
      {"Sendrecv ring", quick ? 4096 : 16384, quick ? 1 : 10, 1, 4, &xo::bench::ring_main},
      // As many events a rank as the 1,024-rank ring: with 110 a rank (above) writing is mostly
      // creating the two files OTF2 needs per rank; here it is mostly encoding.
      {"Sendrecv ring", quick ? 4096 : 16384, quick ? 2 : 200, 1, 4, &xo::bench::ring_main},
  };
  const xo::bench::ScratchDir scratch("xo-record-cost");
  if (scratch.path().empty()) {
    std::perror("record_cost: cannot make a scratch directory");
    return 1;
  }
  const std::string& root = scratch.path();
  std::printf("Recording a simulated run (xt3, --compute=none, 64 KiB stacks; median of %d runs)\n", count.runs);
  std::printf("%-20s %6s %10s %10s %11s %11s %12s %11s %12s %12s %8s %8s %9s %11s %9s\n", "scenario", "ranks",
              "MPI calls", "plain s", "traced s", "ns / call", "OTF2 events", "write s", "M events/s", "RSS MB +",
              "x plain", "files", "B/event", "disk B/ev", "mkfile s");
  bool all_ok = true;
  int index = 0;
  for (const Scenario& s : scenarios) {
    const double calls = static_cast<double>(s.ranks) * (s.iterations * s.calls_per_iteration + s.other_calls);
    std::vector<double> plain, traced, cost, events, write, rate, rss, ratio, files, per_event, disk_per_event, create;
    for (int r = 0; r < count.runs; ++r) {
      const std::string dir = root + "/" + std::to_string(index++);
      const Sample base = run_in_child([&] { return run_once(s, false, dir); });
      const Sample with = run_in_child([&] { return run_once(s, true, dir); });
      std::filesystem::remove_all(dir);
      all_ok &= base.ok && with.ok;
      plain.push_back(base.simulate_seconds);
      traced.push_back(with.simulate_seconds);
      cost.push_back((with.simulate_seconds - base.simulate_seconds) / calls * 1e9);
      events.push_back(with.events);
      write.push_back(with.write_seconds);
      rate.push_back(with.events / with.write_seconds / 1e6);
      rss.push_back(with.peak_rss_kib - base.peak_rss_kib);
      ratio.push_back((with.simulate_seconds + with.write_seconds) / base.simulate_seconds);
      files.push_back(with.files);
      per_event.push_back(with.bytes / with.events);
      disk_per_event.push_back(with.disk / with.events);
      create.push_back(with.create_seconds);
    }
    std::printf("%-20s %6d %10.0f %10.3f %11.3f %11.1f %12.0f %11.3f %12.2f %12.1f %8.2f %8.0f %9.1f %11.1f %9.3f\n",
                s.name, s.ranks, calls, median(plain), median(traced), median(cost), median(events), median(write),
                median(rate), median(rss) / 1024, median(ratio), median(files), median(per_event),
                median(disk_per_event), median(create));
  }
  return all_ok ? 0 : 1;
}
