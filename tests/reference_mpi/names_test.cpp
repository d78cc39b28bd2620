// Object names: predefined communicators and datatypes carry their standard names, user objects
// none until set; names are per rank; long names are truncated to MPI_MAX_OBJECT_NAME - 1.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

namespace {

std::string comm_name(MPI_Comm comm) {
  char name[MPI_MAX_OBJECT_NAME];
  int length = -1;
  MPI_Comm_get_name(comm, name, &length);
  EXPECT_EQ(length, static_cast<int>(std::string(name).size()));
  return name;
}

std::string type_name(MPI_Datatype type) {
  char name[MPI_MAX_OBJECT_NAME];
  int length = -1;
  MPI_Type_get_name(type, name, &length);
  EXPECT_EQ(length, static_cast<int>(std::string(name).size()));
  return name;
}

}  // namespace

TEST(Names, PredefinedObjectsHaveTheirStandardNames) {
  std::vector<std::string> names;
  auto result = simulate(1, [&](int, int) {
    names.push_back(comm_name(MPI_COMM_WORLD));
    names.push_back(comm_name(MPI_COMM_SELF));
    for (MPI_Datatype t : {MPI_INT, MPI_DOUBLE, MPI_CHAR, MPI_BYTE, MPI_PACKED, MPI_LONG_LONG_INT, MPI_2INT,
                           MPI_DOUBLE_INT, MPI_UINT64_T, MPI_C_BOOL}) {
      names.push_back(type_name(t));
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(names, (std::vector<std::string>{"MPI_COMM_WORLD", "MPI_COMM_SELF", "MPI_INT", "MPI_DOUBLE", "MPI_CHAR",
                                             "MPI_BYTE", "MPI_PACKED", "MPI_LONG_LONG_INT", "MPI_2INT",
                                             "MPI_DOUBLE_INT", "MPI_UINT64_T", "MPI_C_BOOL"}));
}

TEST(Names, NamesAreLocalToTheRankAndNotCopiedByDup) {
  std::vector<std::string> world(3), dup(3), dup_before(3), type(3);
  auto result = simulate(3, [&](int rank, int) {
    const auto r = static_cast<std::size_t>(rank);
    if (rank == 1) MPI_Comm_set_name(MPI_COMM_WORLD, "ranks of one");
    MPI_Comm d;
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    dup_before[r] = comm_name(d);
    const std::string mine = "dup of rank " + std::to_string(rank);
    MPI_Comm_set_name(d, mine.c_str());
    MPI_Barrier(MPI_COMM_WORLD);  // every rank has named its handle before any reads
    world[r] = comm_name(MPI_COMM_WORLD);
    dup[r] = comm_name(d);
    MPI_Datatype t;
    MPI_Type_contiguous(2, MPI_INT, &t);
    if (rank == 2) MPI_Type_set_name(t, "pair");
    type[r] = type_name(t);
    MPI_Type_free(&t);
    MPI_Comm_free(&d);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(world, (std::vector<std::string>{"MPI_COMM_WORLD", "ranks of one", "MPI_COMM_WORLD"}));
  EXPECT_EQ(dup_before, (std::vector<std::string>{"", "", ""}));
  EXPECT_EQ(dup, (std::vector<std::string>{"dup of rank 0", "dup of rank 1", "dup of rank 2"}));
  EXPECT_EQ(type, (std::vector<std::string>{"", "", "pair"}));
}

TEST(Names, LongNamesAreTruncatedAndBadHandlesRefused) {
  std::string got;
  std::vector<int> codes;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    const std::string long_name(300, 'x');
    MPI_Comm_set_name(MPI_COMM_SELF, long_name.c_str());
    got = comm_name(MPI_COMM_SELF);
    char name[MPI_MAX_OBJECT_NAME];
    int length = 0;
    codes.push_back(MPI_Comm_get_name(MPI_COMM_NULL, name, &length));
    codes.push_back(MPI_Type_get_name(MPI_DATATYPE_NULL, name, &length));
    codes.push_back(MPI_Type_set_name(MPI_INT, nullptr));
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, std::string(MPI_MAX_OBJECT_NAME - 1, 'x'));
  EXPECT_EQ(codes, (std::vector<int>{MPI_ERR_COMM, MPI_ERR_TYPE, MPI_ERR_ARG}));
}
