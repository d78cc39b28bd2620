// Window attributes: the predefined ones (MPI_WIN_BASE ... MPI_WIN_MODEL), which MPI_Win_get_attr
// answers from the window itself, and the program's own keyvals (MPI_Win_create_keyval,
// MPI_Win_set_attr, MPI_Win_delete_attr), whose attributes MPI_Win_free deletes. Errors go to the
// window's error handler; keyval calls that name no window go to MPI_COMM_WORLD's.

#include <cstring>
#include <string>

#include "window_support.hpp"
#include "xo/mpi/state/attributes.hpp"

using xo::mpi::api_call;
using xo::mpi::KeyvalKind;
using xo::mpi::MpiError;
using xo::mpi::RankState;
using xo::mpi::window_call;
using xo::mpi::WindowHandle;
using xo::mpi::World;

namespace {

bool is_predefined_window_keyval(int keyval) { return keyval >= MPI_WIN_BASE && keyval <= MPI_WIN_MODEL; }

// The address MPI_Win_get_attr hands out for a predefined keyval.
const void* predefined_value(WindowHandle& w, int keyval) {
  const xo::mpi::WindowMember& me = w.member(w.rank());
  switch (keyval) {
    case MPI_WIN_BASE: return me.base;
    case MPI_WIN_SIZE: return &me.size;
    case MPI_WIN_DISP_UNIT: return &me.disp_unit;
    case MPI_WIN_CREATE_FLAVOR: return &w.shared->flavor;
    default: return &xo::mpi::kUnifiedModel;  // MPI_WIN_MODEL
  }
}

void refuse_predefined(int keyval, const char* what) {
  if (is_predefined_window_keyval(keyval)) {
    throw MpiError(MPI_ERR_KEYVAL, "keyval " + std::to_string(keyval) +
                                       " is a predefined window attribute (MPI_WIN_BASE ... MPI_WIN_MODEL): it "
                                       "cannot be " +
                                       what);
  }
}

}  // namespace

extern "C" {

int xo_win_null_copy_fn(MPI_Win, int, void*, void*, void*, int* flag) {
  *flag = 0;
  return MPI_SUCCESS;
}

int xo_win_dup_fn(MPI_Win, int, void*, void* value_in, void* value_out, int* flag) {
  *static_cast<void**>(value_out) = value_in;
  *flag = 1;
  return MPI_SUCCESS;
}

int xo_win_null_delete_fn(MPI_Win, int, void*, void*) { return MPI_SUCCESS; }

int MPI_Win_create_keyval(MPI_Win_copy_attr_function* win_copy_attr_fn,
                          MPI_Win_delete_attr_function* win_delete_attr_fn, int* win_keyval, void* extra_state) {
  return api_call("MPI_Win_create_keyval", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(win_keyval, "win_keyval");
    *win_keyval =
        World::current().self().keyvals.create(KeyvalKind::Win, win_copy_attr_fn, win_delete_attr_fn, extra_state);
  });
}

int MPI_Win_free_keyval(int* win_keyval) {
  return api_call("MPI_Win_free_keyval", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(win_keyval, "win_keyval");
    refuse_predefined(*win_keyval, "freed");
    World::current().self().keyvals.free(*win_keyval, KeyvalKind::Win);
  });
}

int MPI_Win_set_attr(MPI_Win win, int win_keyval, void* attribute_val) {
  return window_call("MPI_Win_set_attr", win, [&] {
    RankState& self = World::current().self();
    WindowHandle& w = self.windows.get(win);
    refuse_predefined(win_keyval, "set");
    self.keyvals.get(win_keyval, KeyvalKind::Win);
    xo::mpi::set_attribute(self.keyvals, w.attributes, win, win_keyval, attribute_val);
  });
}

int MPI_Win_get_attr(MPI_Win win, int win_keyval, void* attribute_val, int* flag) {
  return window_call("MPI_Win_get_attr", win, [&] {
    xo::mpi::require_pointer(attribute_val, "attribute_val");
    xo::mpi::require_pointer(flag, "flag");
    RankState& self = World::current().self();
    WindowHandle& w = self.windows.get(win);
    const void* value = nullptr;
    if (is_predefined_window_keyval(win_keyval)) {
      value = predefined_value(w, win_keyval);
      *flag = 1;
    } else {
      self.keyvals.get_in_use(win_keyval, KeyvalKind::Win);
      bool present = false;
      value = xo::mpi::find_attribute(w.attributes, win_keyval, &present);
      *flag = present ? 1 : 0;
    }
    if (*flag != 0) std::memcpy(attribute_val, &value, sizeof value);  // attribute_val is really a void**
  });
}

int MPI_Win_delete_attr(MPI_Win win, int win_keyval) {
  return window_call("MPI_Win_delete_attr", win, [&] {
    RankState& self = World::current().self();
    WindowHandle& w = self.windows.get(win);
    refuse_predefined(win_keyval, "deleted");
    self.keyvals.get_in_use(win_keyval, KeyvalKind::Win);
    xo::mpi::delete_attribute(self.keyvals, w.attributes, win, win_keyval);  // unset: nothing to do
  });
}

}  // extern "C"
