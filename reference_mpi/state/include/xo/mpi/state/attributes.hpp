#pragma once
// Attribute caching (MPI-2.2 §6.7): keyvals with their copy and delete callbacks, and the
// attributes one object (a rank's communicator, datatype or window handle) holds under them. Everything
// here is local to a rank, as MPI makes attributes. The predefined keyvals (MPI_TAG_UB ...
// MPI_LASTUSEDCODE) are not in the table: the API answers them from the rank's environment.

#include <cstdint>
#include <vector>

namespace xo::mpi {

enum class KeyvalKind : std::uint8_t { Comm, Type, Win };

// MPI_Comm, MPI_Datatype and MPI_Win are all ints, so one signature serves the communicator,
// datatype, window and MPI-1 callbacks alike.
using CopyCallback = int (*)(int object, int keyval, void* extra_state, void* value_in, void* value_out, int* flag);
using DeleteCallback = int (*)(int object, int keyval, void* value, void* extra_state);

struct Keyval {
  KeyvalKind kind = KeyvalKind::Comm;
  CopyCallback copy = nullptr;      // nullptr: the attribute is not copied
  DeleteCallback remove = nullptr;  // nullptr: nothing to do on deletion
  void* extra_state = nullptr;
  bool freed = false;  // the handle is gone; attributes set with it still use its callbacks
  // Attributes set with it on any object of the rank (MPI-3.1 section 6.7.2: a freed keyval
  // stays in existence until they are deleted). Mutable: attribute lists count through a const table.
  mutable int uses = 0;
};

struct Attribute {
  int keyval;
  void* value;
};
using AttributeList = std::vector<Attribute>;  // in the order they were set

// The first handle a user keyval gets; below it are MPI_KEYVAL_INVALID and the predefined ones.
inline constexpr int kFirstUserKeyval = 16;

class KeyvalTable {
 public:
  int create(KeyvalKind kind, CopyCallback copy, DeleteCallback remove, void* extra_state);
  // A live keyval of `kind`; throws MpiError(MPI_ERR_KEYVAL) naming the problem otherwise.
  const Keyval& get(int keyval, KeyvalKind kind) const;
  // The same, or a freed one that attributes still use: it can still get and delete them.
  const Keyval& get_in_use(int keyval, KeyvalKind kind) const;
  // Any keyval an attribute was set with, freed or not.
  const Keyval& entry(int keyval) const { return keyvals_[static_cast<std::size_t>(keyval - kFirstUserKeyval)]; }
  // Marks the keyval freed and sets the handle to MPI_KEYVAL_INVALID. Handles are never reused,
  // so the callbacks stay with the attributes that still use them. Freeing again is an error only
  // once no attribute uses it (as in MPICH: each attribute holds a reference).
  void free(int& keyval, KeyvalKind kind);

 private:
  std::vector<Keyval> keyvals_;  // index = keyval - kFirstUserKeyval
};

// The operations that run callbacks. `object` is the handle the callbacks are given. A callback's
// non-success return is thrown as MpiError with that code. Callbacks may call MPI themselves, so
// every operation re-finds its attribute after a callback rather than holding an iterator.

// Sets (or replaces, after the old value's delete callback) the attribute.
void set_attribute(const KeyvalTable& keyvals, AttributeList& list, int object, int keyval, void* value);
// The value, or nullptr with *found false.
void* find_attribute(const AttributeList& list, int keyval, bool* found);
// Runs the delete callback and removes the attribute; false if it was not set.
bool delete_attribute(const KeyvalTable& keyvals, AttributeList& list, int object, int keyval);
// Deletes every attribute, the last set first (MPI_Comm_free, MPI_Type_free, MPI_Finalize).
void delete_all_attributes(const KeyvalTable& keyvals, AttributeList& list, int object);
// What a duplicate of `old_object` gets: each attribute whose copy callback sets its flag. If a
// callback fails, what was copied so far is deleted on `new_object` and the error is thrown.
AttributeList copy_attributes(const KeyvalTable& keyvals, const AttributeList& list, int old_object, int new_object);

}  // namespace xo::mpi
