#pragma once
// One simulation: the machine, the engine, every rank's MPI state and the object pools. Exactly
// one World exists while a simulation runs; the C API finds it through World::current().

#include <algorithm>
#include <array>
#include <cassert>
#include <memory>
#include <string>
#include <vector>

#include "xo/hwmodels/machine.hpp"
#include "xo/mpi/kernel/engine.hpp"
#include "xo/mpi/kernel/huge_page_array.hpp"
#include "xo/mpi/kernel/simcall.hpp"
#include "xo/mpi/state/comm_meeting.hpp"
#include "xo/mpi/state/intercomm_handoff.hpp"
#include "xo/mpi/state/layer_state.hpp"
#include "xo/mpi/state/livelock_watch.hpp"
#include "xo/mpi/state/message.hpp"
#include "xo/mpi/state/nonblocking_book.hpp"
#include "xo/mpi/state/rank_endings.hpp"
#include "xo/mpi/state/rank_state.hpp"
#include "xo/mpi/state/request.hpp"
#include "xo/reference_mpi/simulation.hpp"

namespace xo::mpi {

class World {
 public:
  World(const SimulationOptions& options, std::unique_ptr<hw::Machine> machine, const RankMainOf& main_of,
        const std::vector<std::string>& args);
  ~World();
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  SimulationResult run();

  // The running simulation; fails loudly when an MPI function is called outside one, or from a
  // thread other than the one running it (ranks are fibers of that one thread).
  static World& current() {
    if (current_ == nullptr || !on_running_thread() || current_->engine_.current_rank() < 0) [[unlikely]] {
      outside_simulation(nullptr);
    }
    return *current_;
  }
  // Ends the process with one clear message if `call` comes from a thread other than the
  // simulation's (MPI_THREAD_FUNNELED: only the main thread may call MPI). Entry points check it
  // before they touch any state.
  static void require_simulation_thread(const char* call) {
    if (current_ != nullptr && !on_running_thread()) [[unlikely]] {
      outside_simulation(call);
    }
  }
  // Whether the calling OS thread is the one running the simulation (MPI_Is_thread_main).
  static bool on_simulation_thread() { return current_ != nullptr && on_running_thread(); }
  // The running simulation, from an event handler (no rank is running then).
  static World& running() { return *current_; }
  // The rank whose code runs now, or -1 (no simulation, or the engine's own code).
  static int running_rank() { return current_ != nullptr ? current_->engine_.current_rank() : -1; }

  // Ends the running rank as exit(code) ends a process.
  [[noreturn]] void exit_rank(int code);

  RankState& self() { return ranks_[static_cast<std::size_t>(engine_.current_rank())]; }
  // Whether the running fiber is a task acting for its rank (a nonblocking collective), not the
  // rank's own.
  bool running_task() const { return engine_.current_fiber() != engine_.current_rank(); }
  // Another rank's state: only on the event side or inside a simcall (xo/mpi/kernel/simcall.hpp).
  RankState& rank(int world_rank) {
    XO_OWNED_BY(engine_, world_rank, "MPI state");
    return ranks_[static_cast<std::size_t>(world_rank)];
  }
  int size() const { return static_cast<int>(ranks_.size()); }
  sim::Engine& engine() { return engine_; }
  const hw::Machine& machine() const { return *machine_; }
  // The node of the machine model that a world rank runs on (hw::Placement; RunInfo::ranks_per_node
  // states the same rule).
  int node_of(int world_rank) const { return machine_->node_of(world_rank); }
  ComputeMode compute() const { return options_.compute; }
  std::int64_t compute_clock_cost_ns() const { return compute_clock_cost_ns_; }
  std::int64_t compute_threshold_ns() const { return options_.compute_threshold_ns; }

  Request* new_request();
  void release(Request* request);
  Message* new_message();
  void release(Message* message);
  int new_context() {  // simcall
    sim::Simcall simcall(engine_);
    return next_context_++;
  }
  CommMeetings& meetings() { return meetings_; }
  // The run's state of a layer above this one (protocol, collective), which the code that sets
  // up the run installs before run() (simulation.cpp) and the layer reaches through its own accessor.
  void install(Layer layer, std::unique_ptr<LayerState> state) { layers_[static_cast<int>(layer)] = std::move(state); }
  LayerState& layer(Layer layer) {
    assert(layers_[static_cast<int>(layer)] != nullptr && "the layer's state is installed before World::run");
    return *layers_[static_cast<int>(layer)];
  }
  IntercommHandoffs& intercomm_handoffs() { return intercomm_handoffs_; }
  NonblockingCollectives& nonblocking() { return nonblocking_; }
  void count_message() { ++messages_; }

  // Marks `request` complete at `at` and wakes its owner if it sleeps in a wait call. A send that
  // holds a receive-side event completes through the protocol's complete_send instead.
  void complete(Request* request, sim::Time at);
  // Time a rank polling with Test or Iprobe spends per call, so polling loops advance.
  sim::Time poll_cost() const { return poll_cost_; }
  // Fiber side: a poll (Test, Iprobe, ...) found nothing. Charges poll_cost(), so that a polling
  // loop lets the others progress, warns once of a rank polling for what can never come
  // (LivelockWatch), and yields to what is due earlier.
  void poll_without_progress();
  sim::Time copy_time(std::int64_t bytes) const {
    return sim::seconds_to_time(static_cast<double>(bytes) * copy_per_byte_);
  }
  void record_phase(Phase phase, const Message& m, int from, int to, sim::Time start, sim::Time end) const {
    record_phase(PhaseRecord{phase, m.path, from, to, m.bytes, start, end});
  }
  void record_phase(const PhaseRecord& p) const {
    if (options_.on_phase) options_.on_phase(p);
    if (options_.observer != nullptr) options_.observer->phase(p);
  }
  // The run's observer (the tracer), or nullptr.
  RunObserver* observer() const { return options_.observer; }
  // Tells the observer about a communicator the first time a member makes it.
  void define_comm(const CommShared& comm, int parent_context);

 private:
  // `call`: the entry point, when known.
  [[noreturn]] static void outside_simulation(const char* call);
  static void rank_body(int rank, void* world);

  // The thread pointer (the %fs base on x86-64) names the calling thread in one register read;
  // std::this_thread::get_id() is a call into libc, and these checks run at every MPI call.
  static const void* thread_pointer() {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__aarch64__))
    return __builtin_thread_pointer();
#else
    static thread_local const char marker = 0;
    return &marker;
#endif
  }
  // Whether the calling thread is the one that ran the latest simulation (meaningful while current_).
  static bool on_running_thread() { return thread_pointer() == simulation_thread_; }

  static inline World* current_ = nullptr;
  static inline const void* simulation_thread_ = nullptr;  // its thread pointer
  void run_rank(int rank);
  // Bookkeeping when a rank's main returns or it calls exit().
  void rank_ended(int rank, int code, bool called_exit);
  // Where a fiber was when it faulted or the run stopped: "inside MPI_Send", "in its own code
  // after MPI_Barrier".
  std::string describe_place(int fiber);
  // "\nlikely livelock: ..." when the one rank that could still run polls; "" otherwise.
  std::string likely_livelock(const std::vector<int>& runnable);
  // The run's message and exit code from how the engine's run ended and how the ranks did, and
  // what the trace records of a failure.
  RunFailure conclude(const sim::RunOutcome& outcome, const std::string& uncaught_exception, SimulationResult& result);
  // The virtual time a fault happened: the rank's clock, plus the computation since its last MPI
  // call when computation is measured.
  sim::Time fault_time(const sim::RankFault& fault);
  // `fiber`: a rank's own, or a task's (sim::Engine).
  std::string describe_blocked(int fiber);
  std::string describe_background(int fiber);

  SimulationOptions options_;
  std::unique_ptr<hw::Machine> machine_;
  const RankMainOf& main_of_;
  std::vector<std::string> args_;
  sim::HugePageArray<RankState> ranks_;  // written for every rank at start-up: see HugePageArray
  sim::Engine engine_;
  Request* free_requests_ = nullptr;
  Message* free_messages_ = nullptr;
  std::vector<std::unique_ptr<Request>> request_storage_;
  std::vector<std::unique_ptr<Message>> message_storage_;
  CommMeetings meetings_;
  IntercommHandoffs intercomm_handoffs_;
  NonblockingCollectives nonblocking_;
  std::vector<bool> comm_defined_;  // by context: told to the observer already
  int next_context_ = 3;            // 1: MPI_COMM_WORLD, 2: every rank's MPI_COMM_SELF
  std::uint64_t messages_ = 0;
  sim::Time poll_cost_ = 0;
  LivelockWatch livelock_watch_;
  std::int64_t compute_clock_cost_ns_ = 0;
  double copy_per_byte_ = 0;
  RankEndings endings_;
  // Last, so gone first: a layer's state may refer to the World's.
  std::array<std::unique_ptr<LayerState>, kLayers> layers_;
};

}  // namespace xo::mpi
