program is
  this is not Fortran
end program is
