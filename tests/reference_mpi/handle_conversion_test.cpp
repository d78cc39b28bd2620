// C/Fortran handle conversion: every MPI_Xxx_c2f / MPI_Xxx_f2c pair gives back a handle that still
// works (null handles stay null), and MPI_Status_c2f / MPI_Status_f2c carry a received status, count
// included, through MPI_F_STATUS_SIZE Fortran integers.

#include <gtest/gtest.h>

#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

TEST(HandleConversion, RoundTripsKeepHandlesUsable) {
  std::vector<int> sizes;
  std::vector<int> nulls;
  int received = 0, flag = 0;
  auto result = simulate(2, [&](int rank, int) {
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    const MPI_Comm comm = MPI_Comm_f2c(MPI_Comm_c2f(dup));
    MPI_Group group;
    MPI_Comm_group(comm, &group);
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "key", "value");
    if (rank == 0) {
      int size = 0;
      MPI_Comm_size(comm, &size);
      sizes.push_back(size);
      MPI_Group_size(MPI_Group_f2c(MPI_Group_c2f(group)), &size);
      sizes.push_back(size);
      MPI_Type_size(MPI_Type_f2c(MPI_Type_c2f(pair)), &size);
      sizes.push_back(size);
      int nkeys = 0;
      MPI_Info_get_nkeys(MPI_Info_f2c(MPI_Info_c2f(info)), &nkeys);
      sizes.push_back(nkeys);
      MPI_Errhandler handler = MPI_ERRHANDLER_NULL;
      MPI_Comm_get_errhandler(comm, &handler);
      sizes.push_back(MPI_Errhandler_f2c(MPI_Errhandler_c2f(handler)) == MPI_ERRORS_ARE_FATAL);
      MPI_Errhandler_free(&handler);
      int commute = -1;
      MPI_Op_commutative(MPI_Op_f2c(MPI_Op_c2f(MPI_PROD)), &commute);
      sizes.push_back(commute);
      const int value = 42;
      MPI_Send(&value, 1, MPI_INT, 1, 5, comm);
    } else {
      MPI_Message message;
      MPI_Mprobe(0, 5, comm, &message, MPI_STATUS_IGNORE);
      MPI_Message converted_message = MPI_Message_f2c(MPI_Message_c2f(message));
      MPI_Request request;
      MPI_Imrecv(&received, 1, MPI_INT, &converted_message, &request);
      MPI_Request converted = MPI_Request_f2c(MPI_Request_c2f(request));
      while (!flag) MPI_Test(&converted, &flag, MPI_STATUS_IGNORE);
    }
    if (rank == 0) {
      nulls = {MPI_Comm_f2c(MPI_Comm_c2f(MPI_COMM_NULL)) == MPI_COMM_NULL,
               MPI_Type_f2c(MPI_Type_c2f(MPI_DATATYPE_NULL)) == MPI_DATATYPE_NULL,
               MPI_Group_f2c(MPI_Group_c2f(MPI_GROUP_NULL)) == MPI_GROUP_NULL,
               MPI_Op_f2c(MPI_Op_c2f(MPI_OP_NULL)) == MPI_OP_NULL,
               MPI_Request_f2c(MPI_Request_c2f(MPI_REQUEST_NULL)) == MPI_REQUEST_NULL,
               MPI_Info_f2c(MPI_Info_c2f(MPI_INFO_NULL)) == MPI_INFO_NULL,
               MPI_Errhandler_f2c(MPI_Errhandler_c2f(MPI_ERRHANDLER_NULL)) == MPI_ERRHANDLER_NULL,
               MPI_Message_f2c(MPI_Message_c2f(MPI_MESSAGE_NULL)) == MPI_MESSAGE_NULL,
               MPI_Message_f2c(MPI_Message_c2f(MPI_MESSAGE_NO_PROC)) == MPI_MESSAGE_NO_PROC};
    }
    MPI_Info_free(&info);
    MPI_Type_free(&pair);
    MPI_Group_free(&group);
    MPI_Comm_free(&dup);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(sizes, (std::vector<int>{2, 2, 8, 1, 1, 1}));
  EXPECT_EQ(nulls, std::vector<int>(9, 1));
  EXPECT_EQ(received, 42);
}

TEST(HandleConversion, StatusGoesToFortranIntegersAndBack) {
  std::vector<MPI_Fint> fortran;
  int source = -1, tag = -1, count = -1, cancelled = -1;
  std::vector<int> errors;
  auto result = simulate(3, [&](int rank, int) {
    if (rank == 2) {
      const double values[5] = {1, 2, 3, 4, 5};
      MPI_Send(values, 5, MPI_DOUBLE, 0, 17, MPI_COMM_WORLD);
    }
    if (rank != 0) return;
    double values[5];
    MPI_Status status;
    status.MPI_ERROR = MPI_ERR_OTHER;  // MPI_Recv leaves the error field as it was
    MPI_Recv(values, 5, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    MPI_Fint f_status[MPI_F_STATUS_SIZE];
    MPI_Status_c2f(&status, f_status);
    fortran.assign(f_status, f_status + 3);
    MPI_Status back;
    MPI_Status_f2c(f_status, &back);
    source = back.MPI_SOURCE;
    tag = back.MPI_TAG;
    MPI_Get_count(&back, MPI_DOUBLE, &count);
    MPI_Test_cancelled(&back, &cancelled);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    errors.push_back(MPI_Status_c2f(MPI_STATUS_IGNORE, f_status));
    errors.push_back(MPI_Status_f2c(f_status, MPI_STATUS_IGNORE));
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(fortran, (std::vector<MPI_Fint>{2, 17, MPI_ERR_OTHER}));  // at MPI_F_SOURCE, MPI_F_TAG, MPI_F_ERROR
  EXPECT_EQ(source, 2);
  EXPECT_EQ(tag, 17);
  EXPECT_EQ(count, 5);
  EXPECT_EQ(cancelled, 0);
  EXPECT_EQ(errors, (std::vector<int>{MPI_ERR_ARG, MPI_ERR_ARG}));
}
