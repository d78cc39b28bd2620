#include "xo/mpi/state/mpi_error.hpp"
#include "xo/mpi/state/window.hpp"

namespace xo::mpi {

MPI_Win WindowTable::add(std::unique_ptr<WindowHandle> window) {
  slots_.push_back(std::move(window));
  return static_cast<MPI_Win>(slots_.size());
}

WindowHandle* WindowTable::find(MPI_Win win) {
  const auto index = static_cast<std::size_t>(win) - 1;
  if (win <= MPI_WIN_NULL || index >= slots_.size()) return nullptr;
  return slots_[index].get();
}

WindowHandle& WindowTable::get(MPI_Win win) {
  if (WindowHandle* window = find(win)) return *window;
  if (win == MPI_WIN_NULL) throw MpiError(MPI_ERR_WIN, "the window is MPI_WIN_NULL");
  throw MpiError(MPI_ERR_WIN, "window handle " + std::to_string(win) +
                                  " is not a window of this rank (never created, or freed by MPI_Win_free)");
}

void WindowTable::free(MPI_Win& win) {
  get(win);
  slots_[static_cast<std::size_t>(win) - 1].reset();
  win = MPI_WIN_NULL;
}

}  // namespace xo::mpi
