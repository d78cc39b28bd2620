// What `xo record --profile` costs a run at scale: the ring of MPI_Sendrecv (the bench's ring, 10
// steps) on N ranks, once plain and once with the profile writer attached and its profile.xop
// written, each in a forked child so its time and peak memory are its own; medians over runs.
// Issue 26's target: 1,048,576 ranks profiled in under 1.2x the plain run's time and under 2 GB
// more memory. The XT3 model, whose messages all have protocol phases to sum.
//
//   profile_cost [--quick] [--runs N] [--ranks N] [--machine NAME]   (--quick: 65,536 ranks, one run)

#include <sys/stat.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "child_run.hpp"
#include "mpi_programs.hpp"
#include "scratch_dir.hpp"
#include "xo/reference_mpi/simulation.hpp"
#include "xo/tracer/profile_writer.hpp"

namespace {

constexpr int kSteps = 10;

int ring_main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  xo::bench::sendrecv_ring(kSteps);
  MPI_Finalize();
  return 0;
}

struct Sample {
  double seconds = 0;        // the run, and with a profile writing it
  double write_seconds = 0;  // of which writing the profile (finish)
  double peak_gib = 0;
  double file_mib = 0;
  bool ok = false;
};

Sample run_once(int ranks, const std::string& machine, const std::string& dir) {
  xo::mpi::SimulationOptions options;
  options.ranks = ranks;
  options.machine = machine;
  options.compute = xo::mpi::ComputeMode::None;
  options.stack_bytes = 64 * 1024;
  options.env_lookup = [](const char*) -> const char* { return nullptr; };
  std::unique_ptr<xo::tracer::ProfileWriter> profile;
  if (!dir.empty()) {
    std::filesystem::create_directories(dir);
    profile = std::make_unique<xo::tracer::ProfileWriter>(dir, xo::tracer::Otf2WriterOptions{"profile_cost", "", {}});
    options.observer = profile.get();
  }
  const auto start = std::chrono::steady_clock::now();
  const auto result = xo::mpi::run_simulation(options, &ring_main);
  Sample s;
  if (profile) {
    const auto simulated = std::chrono::steady_clock::now();
    const std::string path = profile->finish();
    s.write_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - simulated).count();
    struct stat status {};
    if (stat(path.c_str(), &status) == 0) s.file_mib = static_cast<double>(status.st_size) / (1024.0 * 1024.0);
  }
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  s.peak_gib = xo::bench::peak_rss_kib() / (1024.0 * 1024.0);
  s.ok = result.exit_code == 0;
  if (!s.ok) std::fprintf(stderr, "profile_cost: the run failed: %s\n", result.error.c_str());
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  int ranks = 1 << 20;
  std::string machine = "xt3";
  std::vector<char*> rest = {argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--ranks") == 0 && i + 1 < argc) {
      ranks = std::max(2, std::atoi(argv[++i]));
    } else if (std::strcmp(argv[i], "--machine") == 0 && i + 1 < argc) {
      machine = argv[++i];
    } else {
      rest.push_back(argv[i]);
    }
  }
  xo::bench::RunCount count;
  count.runs = 3;
  const char* usage = "profile_cost [--quick] [--runs N] [--ranks N] [--machine NAME]";
  if (!xo::bench::read_run_count(static_cast<int>(rest.size()), rest.data(), usage, count)) return 2;
  if (count.quick) ranks = 1 << 16;
  const xo::bench::ScratchDir scratch("xo-profile-cost");
  std::printf("Ring of MPI_Sendrecv, %d ranks x %d steps (%s, --compute=none, 64 KiB stacks); median of %d runs\n",
              ranks, kSteps, machine.c_str(), count.runs);
  std::vector<double> plain, profiled, ratio, extra, file;
  for (int r = 0; r < count.runs; ++r) {
    const Sample base = xo::bench::run_in_child([&] { return run_once(ranks, machine, ""); });
    const std::string dir = scratch.path() + "/" + std::to_string(r);
    const Sample with = xo::bench::run_in_child([&] { return run_once(ranks, machine, dir); });
    std::filesystem::remove_all(dir);
    if (!base.ok || !with.ok) return 1;
    plain.push_back(base.seconds);
    profiled.push_back(with.seconds);
    ratio.push_back(with.seconds / base.seconds);
    extra.push_back(with.peak_gib - base.peak_gib);
    file.push_back(with.file_mib);
    std::printf("  run %d: plain %.2f s, %.2f GiB; profiled %.2f s (writing it %.2f s), %.2f GiB; profile %.1f MiB\n",
                r + 1, base.seconds, base.peak_gib, with.seconds, with.write_seconds, with.peak_gib, with.file_mib);
  }
  using xo::bench::median;
  std::printf("plain %.2f s   profiled %.2f s   x plain %.3f   extra memory %.2f GiB   profile %.1f MiB\n",
              median(plain), median(profiled), median(ratio), median(extra), median(file));
  return 0;
}
