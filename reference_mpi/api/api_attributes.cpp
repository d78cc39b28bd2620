// MPI attribute caching: keyvals and attributes on communicators and datatypes (MPI-2 names and
// the MPI-1 ones), the predefined callbacks, and the predefined attributes of the environment
// (MPI_TAG_UB ... MPI_LASTUSEDCODE), which every communicator answers, as MPICH and Open MPI do,
// so a library that asks a duplicate of MPI_COMM_WORLD for MPI_TAG_UB finds it.

#include <string>

#include "api_call.hpp"
#include "xo/mpi/state/attributes.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::KeyvalKind;
using xo::mpi::MpiError;
using xo::mpi::RankState;
using xo::mpi::World;

namespace {

bool is_predefined_keyval(int keyval) { return keyval >= MPI_TAG_UB && keyval <= MPI_LASTUSEDCODE; }

// The address of the value behind a predefined keyval.
int* predefined_value(RankState& self, int keyval) {
  switch (keyval) {
    case MPI_TAG_UB: return &self.environment.tag_ub;
    case MPI_HOST: return &self.environment.host;
    case MPI_IO: return &self.environment.io;
    case MPI_WTIME_IS_GLOBAL: return &self.environment.wtime_is_global;
    case MPI_UNIVERSE_SIZE: return &self.environment.universe_size;
    case MPI_APPNUM: return &self.environment.appnum;
    default: return self.errors.last_used();  // MPI_LASTUSEDCODE
  }
}

void refuse_predefined(int keyval, const char* what) {
  if (is_predefined_keyval(keyval)) {
    throw MpiError(MPI_ERR_KEYVAL, "keyval " + std::to_string(keyval) +
                                       " is predefined (MPI_TAG_UB ... "
                                       "MPI_LASTUSEDCODE): its attribute cannot be " +
                                       what);
  }
}

// The attributes of a communicator or datatype handle, validating the handle first.
xo::mpi::AttributeList& comm_attributes(RankState& self, MPI_Comm comm) { return self.comms.get(comm).attributes; }
xo::mpi::AttributeList& type_attributes(RankState& self, MPI_Datatype type) {
  self.datatypes.get(type);
  return self.type_extras[type].attributes;
}

int create_keyval(const char* call, KeyvalKind kind, xo::mpi::CopyCallback copy, xo::mpi::DeleteCallback remove,
                  int* keyval, void* extra_state) {
  return api_call(call, MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(keyval, "keyval");
    *keyval = World::current().self().keyvals.create(kind, copy, remove, extra_state);
  });
}

int free_keyval(const char* call, KeyvalKind kind, int* keyval) {
  return api_call(call, MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(keyval, "keyval");
    refuse_predefined(*keyval, "freed");
    World::current().self().keyvals.free(*keyval, kind);
  });
}

int comm_set_attr(const char* call, MPI_Comm comm, int keyval, void* value) {
  return api_call(call, comm, [&] {
    RankState& self = World::current().self();
    self.comms.get(comm);
    refuse_predefined(keyval, "set");
    self.keyvals.get(keyval, KeyvalKind::Comm);
    xo::mpi::set_attribute(self.keyvals, comm_attributes(self, comm), comm, keyval, value);
  });
}

int comm_get_attr(const char* call, MPI_Comm comm, int keyval, void* value, int* flag) {
  return api_call(call, comm, [&] {
    xo::mpi::require_pointer(value, "attribute_val");
    xo::mpi::require_pointer(flag, "flag");
    RankState& self = World::current().self();
    xo::mpi::AttributeList& list = comm_attributes(self, comm);
    void* found = nullptr;
    if (is_predefined_keyval(keyval)) {
      found = predefined_value(self, keyval);
      *flag = 1;
    } else {
      self.keyvals.get_in_use(keyval, KeyvalKind::Comm);
      bool present = false;
      found = xo::mpi::find_attribute(list, keyval, &present);
      *flag = present ? 1 : 0;
    }
    if (*flag != 0) *static_cast<void**>(value) = found;  // attribute_val is really a void**
  });
}

int comm_delete_attr(const char* call, MPI_Comm comm, int keyval) {
  return api_call(call, comm, [&] {
    RankState& self = World::current().self();
    self.comms.get(comm);
    refuse_predefined(keyval, "deleted");
    self.keyvals.get_in_use(keyval, KeyvalKind::Comm);
    // Deleting an attribute that is not set does nothing, as in MPICH and Open MPI.
    xo::mpi::delete_attribute(self.keyvals, comm_attributes(self, comm), comm, keyval);
  });
}

}  // namespace

extern "C" {

int xo_comm_null_copy_fn(MPI_Comm, int, void*, void*, void*, int* flag) {
  *flag = 0;
  return MPI_SUCCESS;
}

int xo_comm_dup_fn(MPI_Comm, int, void*, void* value_in, void* value_out, int* flag) {
  *static_cast<void**>(value_out) = value_in;
  *flag = 1;
  return MPI_SUCCESS;
}

int xo_comm_null_delete_fn(MPI_Comm, int, void*, void*) { return MPI_SUCCESS; }

int xo_type_null_copy_fn(MPI_Datatype, int, void*, void*, void*, int* flag) {
  *flag = 0;
  return MPI_SUCCESS;
}

int xo_type_dup_fn(MPI_Datatype, int, void*, void* value_in, void* value_out, int* flag) {
  *static_cast<void**>(value_out) = value_in;
  *flag = 1;
  return MPI_SUCCESS;
}

int xo_type_null_delete_fn(MPI_Datatype, int, void*, void*) { return MPI_SUCCESS; }

int MPI_Comm_create_keyval(MPI_Comm_copy_attr_function* comm_copy_attr_fn,
                           MPI_Comm_delete_attr_function* comm_delete_attr_fn, int* comm_keyval, void* extra_state) {
  return create_keyval("MPI_Comm_create_keyval", KeyvalKind::Comm, comm_copy_attr_fn, comm_delete_attr_fn, comm_keyval,
                       extra_state);
}

int MPI_Keyval_create(MPI_Copy_function* copy_fn, MPI_Delete_function* delete_fn, int* keyval, void* extra_state) {
  return create_keyval("MPI_Keyval_create", KeyvalKind::Comm, copy_fn, delete_fn, keyval, extra_state);
}

int MPI_Type_create_keyval(MPI_Type_copy_attr_function* type_copy_attr_fn,
                           MPI_Type_delete_attr_function* type_delete_attr_fn, int* type_keyval, void* extra_state) {
  return create_keyval("MPI_Type_create_keyval", KeyvalKind::Type, type_copy_attr_fn, type_delete_attr_fn, type_keyval,
                       extra_state);
}

int MPI_Comm_free_keyval(int* comm_keyval) {
  return free_keyval("MPI_Comm_free_keyval", KeyvalKind::Comm, comm_keyval);
}
int MPI_Keyval_free(int* keyval) { return free_keyval("MPI_Keyval_free", KeyvalKind::Comm, keyval); }
int MPI_Type_free_keyval(int* type_keyval) {
  return free_keyval("MPI_Type_free_keyval", KeyvalKind::Type, type_keyval);
}

int MPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void* attribute_val) {
  return comm_set_attr("MPI_Comm_set_attr", comm, comm_keyval, attribute_val);
}
int MPI_Attr_put(MPI_Comm comm, int keyval, void* attribute_val) {
  return comm_set_attr("MPI_Attr_put", comm, keyval, attribute_val);
}
int MPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void* attribute_val, int* flag) {
  return comm_get_attr("MPI_Comm_get_attr", comm, comm_keyval, attribute_val, flag);
}
int MPI_Attr_get(MPI_Comm comm, int keyval, void* attribute_val, int* flag) {
  return comm_get_attr("MPI_Attr_get", comm, keyval, attribute_val, flag);
}
int MPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval) {
  return comm_delete_attr("MPI_Comm_delete_attr", comm, comm_keyval);
}
int MPI_Attr_delete(MPI_Comm comm, int keyval) { return comm_delete_attr("MPI_Attr_delete", comm, keyval); }

int MPI_Type_set_attr(MPI_Datatype datatype, int type_keyval, void* attribute_val) {
  return api_call("MPI_Type_set_attr", MPI_COMM_WORLD, [&] {
    RankState& self = World::current().self();
    self.datatypes.get(datatype);
    self.keyvals.get(type_keyval, KeyvalKind::Type);
    xo::mpi::set_attribute(self.keyvals, type_attributes(self, datatype), datatype, type_keyval, attribute_val);
  });
}

int MPI_Type_get_attr(MPI_Datatype datatype, int type_keyval, void* attribute_val, int* flag) {
  return api_call("MPI_Type_get_attr", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(attribute_val, "attribute_val");
    xo::mpi::require_pointer(flag, "flag");
    RankState& self = World::current().self();
    self.datatypes.get(datatype);
    self.keyvals.get_in_use(type_keyval, KeyvalKind::Type);
    bool present = false;
    auto it = self.type_extras.find(datatype);
    void* found =
        it == self.type_extras.end() ? nullptr : xo::mpi::find_attribute(it->second.attributes, type_keyval, &present);
    *flag = present ? 1 : 0;
    if (present) *static_cast<void**>(attribute_val) = found;
  });
}

int MPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval) {
  return api_call("MPI_Type_delete_attr", MPI_COMM_WORLD, [&] {
    RankState& self = World::current().self();
    self.datatypes.get(datatype);
    self.keyvals.get_in_use(type_keyval, KeyvalKind::Type);
    xo::mpi::delete_attribute(self.keyvals, type_attributes(self, datatype), datatype, type_keyval);
  });
}

}  // extern "C"
