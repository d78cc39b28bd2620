// Attribute caching on communicators and datatypes: keyvals, copy callbacks on MPI_Comm_dup,
// delete callbacks on delete, overwrite, free and (for MPI_COMM_SELF) MPI_Finalize, the predefined
// environment attributes, the MPI-1 names, and the errors, under MPI_ERRORS_RETURN.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

namespace {

// What the callbacks saw, in order: "copy <keyval> <value>", "delete <object> <keyval> <value>".
std::vector<std::string> g_events;
int g_copy_result = MPI_SUCCESS;
int g_delete_result = MPI_SUCCESS;
int g_finalized_during_delete = -1;

std::string value_text(void* value) { return std::to_string(reinterpret_cast<long>(value)); }

int logging_copy(MPI_Comm, int keyval, void* extra, void* in, void* out, int* flag) {
  g_events.push_back("copy " + std::to_string(keyval) + " " + value_text(in));
  if (g_copy_result != MPI_SUCCESS) return g_copy_result;
  // The copy is the value plus the extra state, so the test sees the callback's own result.
  *static_cast<void**>(out) = reinterpret_cast<void*>(reinterpret_cast<long>(in) + reinterpret_cast<long>(extra));
  *flag = 1;
  return MPI_SUCCESS;
}

int logging_delete(MPI_Comm comm, int keyval, void* value, void*) {
  g_events.push_back("delete " + std::to_string(comm) + " " + std::to_string(keyval) + " " + value_text(value));
  MPI_Finalized(&g_finalized_during_delete);
  return g_delete_result;
}

void* as_value(long v) { return reinterpret_cast<void*>(v); }

class Attributes : public ::testing::Test {
 protected:
  void SetUp() override {
    g_events.clear();
    g_copy_result = MPI_SUCCESS;
    g_delete_result = MPI_SUCCESS;
    g_finalized_during_delete = -1;
  }
};

}  // namespace

TEST_F(Attributes, SetGetOverwriteAndDeleteRunTheDeleteCallback) {
  int key = MPI_KEYVAL_INVALID;
  std::vector<long> got;
  int flag_after_delete = -1;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_create_keyval(logging_copy, logging_delete, &key, nullptr);
    MPI_Comm_set_attr(MPI_COMM_WORLD, key, as_value(11));
    void* value = nullptr;
    int flag = 0;
    MPI_Comm_get_attr(MPI_COMM_WORLD, key, &value, &flag);
    got.push_back(flag ? reinterpret_cast<long>(value) : -1);
    MPI_Comm_set_attr(MPI_COMM_WORLD, key, as_value(22));  // the old value's delete callback runs
    MPI_Comm_get_attr(MPI_COMM_WORLD, key, &value, &flag);
    got.push_back(flag ? reinterpret_cast<long>(value) : -1);
    MPI_Comm_delete_attr(MPI_COMM_WORLD, key);
    MPI_Comm_get_attr(MPI_COMM_WORLD, key, &value, &flag_after_delete);
    MPI_Comm_free_keyval(&key);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, (std::vector<long>{11, 22}));
  EXPECT_EQ(flag_after_delete, 0);
  EXPECT_EQ(key, MPI_KEYVAL_INVALID);
  const std::string k = std::to_string(16);  // the first user keyval of a rank
  EXPECT_EQ(g_events, (std::vector<std::string>{"delete 1 " + k + " 11", "delete 1 " + k + " 22"}));
}

TEST_F(Attributes, DupRunsCopyCallbacksAndFreeDeletesLastSetFirst) {
  int copying = 0, not_copied = 0, dup_fn = 0;
  std::vector<long> on_dup;
  std::vector<int> flags;
  auto result = simulate(2, [&](int rank, int) {
    if (rank != 0) {
      MPI_Comm dup;
      MPI_Comm_dup(MPI_COMM_WORLD, &dup);
      MPI_Comm_free(&dup);
      return;
    }
    MPI_Comm_create_keyval(logging_copy, logging_delete, &copying, as_value(100));
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, logging_delete, &not_copied, nullptr);
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &dup_fn, nullptr);
    MPI_Comm_set_attr(MPI_COMM_WORLD, copying, as_value(5));
    MPI_Comm_set_attr(MPI_COMM_WORLD, not_copied, as_value(6));
    MPI_Comm_set_attr(MPI_COMM_WORLD, dup_fn, as_value(7));
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    for (int key : {copying, not_copied, dup_fn}) {
      void* value = nullptr;
      int flag = 0;
      MPI_Comm_get_attr(dup, key, &value, &flag);
      flags.push_back(flag);
      on_dup.push_back(flag ? reinterpret_cast<long>(value) : -1);
    }
    g_events.push_back("free");
    MPI_Comm_free(&dup);
    g_events.push_back("world");
    MPI_Comm_delete_attr(MPI_COMM_WORLD, not_copied);
    MPI_Comm_delete_attr(MPI_COMM_WORLD, copying);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(flags, (std::vector<int>{1, 0, 1}));
  EXPECT_EQ(on_dup, (std::vector<long>{105, -1, 7}));
  // The dup is handle 3, the first after MPI_COMM_WORLD and MPI_COMM_SELF.
  const std::string c = std::to_string(copying), n = std::to_string(not_copied);
  EXPECT_EQ(g_events, (std::vector<std::string>{"copy " + c + " 5", "free", "delete 3 " + c + " 105", "world",
                                                "delete 1 " + n + " 6", "delete 1 " + c + " 5"}));
}

TEST_F(Attributes, CommSelfAttributesAreDeletedFirstInFinalize) {
  int key = 0;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, logging_delete, &key, nullptr);
    MPI_Comm_set_attr(MPI_COMM_SELF, key, as_value(1));
    MPI_Comm_set_attr(MPI_COMM_SELF, key + 0, as_value(2));  // overwrite: one delete now
    int second = 0;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, logging_delete, &second, nullptr);
    MPI_Comm_set_attr(MPI_COMM_SELF, second, as_value(3));
    MPI_Comm_free_keyval(&second);  // the attribute keeps the freed keyval alive
    g_events.push_back("finalize");
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  const std::string k = std::to_string(key), s = std::to_string(key + 1);
  EXPECT_EQ(g_events, (std::vector<std::string>{"delete 2 " + k + " 1", "finalize", "delete 2 " + s + " 3",
                                                "delete 2 " + k + " 2"}));
  EXPECT_EQ(g_finalized_during_delete, 0);  // MPI still works inside the callbacks
}

TEST_F(Attributes, CallbackErrorsBecomeTheCallsError) {
  int key = 0;
  std::vector<int> codes;
  MPI_Comm dup_result = 12345;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_create_keyval(logging_copy, logging_delete, &key, nullptr);
    MPI_Comm_set_attr(MPI_COMM_WORLD, key, as_value(1));
    g_delete_result = MPI_ERR_OTHER;
    codes.push_back(MPI_Comm_delete_attr(MPI_COMM_WORLD, key));
    codes.push_back(MPI_Comm_set_attr(MPI_COMM_WORLD, key, as_value(2)));  // overwrite: delete fails
    g_delete_result = MPI_SUCCESS;
    g_copy_result = MPI_ERR_ARG;
    codes.push_back(MPI_Comm_dup(MPI_COMM_WORLD, &dup_result));
    g_copy_result = MPI_SUCCESS;
    void* value = nullptr;
    int flag = 0;
    MPI_Comm_get_attr(MPI_COMM_WORLD, key, &value, &flag);
    codes.push_back(flag ? static_cast<int>(reinterpret_cast<long>(value)) : -1);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  // The failed deletes leave the attribute as it was.
  EXPECT_EQ(codes, (std::vector<int>{MPI_ERR_OTHER, MPI_ERR_OTHER, MPI_ERR_ARG, 1}));
  EXPECT_EQ(dup_result, MPI_COMM_NULL);  // as MPICH gives it (its attrerr test asks for it)
}

TEST_F(Attributes, PredefinedEnvironmentAttributes) {
  std::vector<int> values;
  std::vector<int> flags;
  std::vector<int> codes;
  auto result = simulate(3, [&](int rank, int) {
    if (rank != 1) return;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    for (int key :
         {MPI_TAG_UB, MPI_HOST, MPI_IO, MPI_WTIME_IS_GLOBAL, MPI_UNIVERSE_SIZE, MPI_APPNUM, MPI_LASTUSEDCODE}) {
      int* value = nullptr;
      int flag = 0;
      MPI_Comm_get_attr(MPI_COMM_WORLD, key, &value, &flag);
      flags.push_back(flag);
      values.push_back(flag ? *value : -999);
    }
    int* tag_ub = nullptr;
    int flag = 0;
    MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);  // the MPI-1 name
    values.push_back(flag ? *tag_ub : -999);
    int added = 0;
    MPI_Add_error_class(&added);
    int* last = nullptr;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &last, &flag);
    values.push_back(*last - added);  // follows the codes added since
    codes.push_back(MPI_Comm_set_attr(MPI_COMM_WORLD, MPI_TAG_UB, nullptr));
    codes.push_back(MPI_Comm_delete_attr(MPI_COMM_WORLD, MPI_HOST));
    int predefined = MPI_TAG_UB;
    codes.push_back(MPI_Comm_free_keyval(&predefined));
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(flags, (std::vector<int>(7, 1)));
  EXPECT_EQ(values, (std::vector<int>{MPI_TAG_UB_VALUE, MPI_PROC_NULL, MPI_ANY_SOURCE, 1, 3, 0, MPI_ERR_LASTCODE,
                                      MPI_TAG_UB_VALUE, 0}));
  EXPECT_EQ(codes, (std::vector<int>(3, MPI_ERR_KEYVAL)));
}

TEST_F(Attributes, Mpi1NamesAndKeyvalErrors) {
  std::vector<int> codes;
  long got = -1;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int key = 0;
    MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, &key, nullptr);
    MPI_Attr_put(MPI_COMM_WORLD, key, as_value(42));
    void* value = nullptr;
    int flag = 0;
    MPI_Attr_get(MPI_COMM_WORLD, key, &value, &flag);
    got = flag ? reinterpret_cast<long>(value) : -1;
    codes.push_back(MPI_Attr_delete(MPI_COMM_WORLD, key));
    int type_key = 0;
    MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &type_key, nullptr);
    codes.push_back(MPI_Comm_set_attr(MPI_COMM_WORLD, type_key, nullptr));  // a datatype keyval
    int freed = key;
    MPI_Keyval_free(&freed);
    codes.push_back(MPI_Comm_set_attr(MPI_COMM_WORLD, key, nullptr));         // freed
    codes.push_back(MPI_Comm_get_attr(MPI_COMM_WORLD, 9999, &value, &flag));  // never created
    codes.push_back(MPI_Comm_set_attr(MPI_COMM_WORLD, MPI_KEYVAL_INVALID, nullptr));
    codes.push_back(MPI_Comm_set_attr(MPI_COMM_NULL, type_key, nullptr));
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, 42);
  EXPECT_EQ(codes, (std::vector<int>{MPI_SUCCESS, MPI_ERR_KEYVAL, MPI_ERR_KEYVAL, MPI_ERR_KEYVAL, MPI_ERR_KEYVAL,
                                     MPI_ERR_COMM}));
}

namespace {
std::vector<std::string> g_type_events;
int type_delete(MPI_Datatype type, int keyval, void* value, void*) {
  g_type_events.push_back(std::to_string(type) + " " + std::to_string(keyval) + " " + value_text(value));
  return MPI_SUCCESS;
}
}  // namespace

TEST_F(Attributes, DatatypeAttributesAreDeletedByTypeFree) {
  g_type_events.clear();
  int key = 0;
  MPI_Datatype type = MPI_DATATYPE_NULL, freed_type = MPI_DATATYPE_NULL;
  std::vector<long> got;
  int code_wrong_kind = -1;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Type_create_keyval(MPI_TYPE_DUP_FN, type_delete, &key, nullptr);
    MPI_Type_contiguous(3, MPI_INT, &type);
    freed_type = type;
    MPI_Type_set_attr(type, key, as_value(8));
    MPI_Type_set_attr(MPI_DOUBLE, key, as_value(9));  // predefined types hold attributes too
    void* value = nullptr;
    int flag = 0;
    MPI_Type_get_attr(type, key, &value, &flag);
    got.push_back(flag ? reinterpret_cast<long>(value) : -1);
    MPI_Type_get_attr(MPI_INT, key, &value, &flag);
    got.push_back(flag ? reinterpret_cast<long>(value) : -1);
    MPI_Type_free(&type);
    MPI_Type_delete_attr(MPI_DOUBLE, key);
    int comm_key = 0;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &comm_key, nullptr);
    code_wrong_kind = MPI_Type_set_attr(MPI_INT, comm_key, nullptr);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, (std::vector<long>{8, -1}));
  EXPECT_EQ(type, MPI_DATATYPE_NULL);
  const std::string k = std::to_string(key);
  EXPECT_EQ(g_type_events, (std::vector<std::string>{std::to_string(freed_type) + " " + k + " 8",
                                                     std::to_string(MPI_DOUBLE) + " " + k + " 9"}));
  EXPECT_EQ(code_wrong_kind, MPI_ERR_KEYVAL);
}

// MPI-3.1 section 6.7.2: a freed keyval stays in existence while attributes use it: they can still
// be got and deleted with its value, and freeing it again is not an error until none is left.
TEST(AttributeKeyvals, AFreedKeyvalServesTheAttributesThatStillUseIt) {
  int deleted = 0, got = -1, second_free = -1, after_last = -1;
  auto result = xo::test::simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int keyval = MPI_KEYVAL_INVALID;
    MPI_Comm_create_keyval(
        MPI_COMM_NULL_COPY_FN,
        [](MPI_Comm, int, void*, void* extra) {
          ++*static_cast<int*>(extra);
          return MPI_SUCCESS;
        },
        &keyval, &deleted);
    static int value = 7;
    MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, &value);
    const int saved = keyval;
    MPI_Comm_free_keyval(&keyval);
    void* found = nullptr;
    int flag = 0;
    MPI_Comm_get_attr(MPI_COMM_WORLD, saved, &found, &flag);
    got = flag ? *static_cast<int*>(found) : -1;
    int copy = saved;
    second_free = MPI_Comm_free_keyval(&copy);
    MPI_Comm_delete_attr(MPI_COMM_WORLD, saved);
    copy = saved;
    int error_class = MPI_SUCCESS;
    MPI_Error_class(MPI_Comm_free_keyval(&copy), &error_class);
    after_last = error_class;
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, 7);
  EXPECT_EQ(second_free, MPI_SUCCESS);
  EXPECT_EQ(deleted, 1);
  EXPECT_EQ(after_last, MPI_ERR_KEYVAL);
}

// A copy callback that fails makes MPI_Comm_dup and MPI_Type_dup return the error and a null handle.
TEST(AttributeKeyvals, AFailedCopyLeavesANullHandle) {
  MPI_Comm comm_result = 12345;
  MPI_Datatype type_result = 12345;
  int comm_error = MPI_SUCCESS, type_error = MPI_SUCCESS;
  auto result = xo::test::simulate(2, [&](int rank, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    auto bomb_comm = [](MPI_Comm, int, void*, void*, void*, int*) { return MPI_ERR_OTHER; };
    auto bomb_type = [](MPI_Datatype, int, void*, void*, void*, int*) { return MPI_ERR_OTHER; };
    int comm_key, type_key;
    MPI_Comm_create_keyval(bomb_comm, MPI_COMM_NULL_DELETE_FN, &comm_key, nullptr);
    MPI_Type_create_keyval(bomb_type, MPI_TYPE_NULL_DELETE_FN, &type_key, nullptr);
    MPI_Comm_set_attr(MPI_COMM_WORLD, comm_key, nullptr);
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_set_attr(pair, type_key, nullptr);
    MPI_Comm dup = 12345;
    MPI_Datatype type_dup = 12345;
    const int e1 = MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    const int e2 = MPI_Type_dup(pair, &type_dup);
    if (rank == 0) {
      comm_result = dup;
      type_result = type_dup;
      MPI_Error_class(e1, &comm_error);
      MPI_Error_class(e2, &type_error);
    }
    MPI_Comm_delete_attr(MPI_COMM_WORLD, comm_key);
    MPI_Type_free(&pair);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(comm_result, MPI_COMM_NULL);
  EXPECT_EQ(type_result, MPI_DATATYPE_NULL);
  EXPECT_EQ(comm_error, MPI_ERR_OTHER);
  EXPECT_EQ(type_error, MPI_ERR_OTHER);
}
