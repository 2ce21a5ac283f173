# The PostgreSQL backend (included by the top-level CMakeLists.txt for
# every model/store/<backend>/backend.cmake): built when libpq is found,
# unless -DDT_POSTGRESQL=OFF. DT_HAVE_POSTGRESQL puts it in the backend
# table of model/store/store.c (and lets the tests reach a server).
# libpq is not linked: libpq_dl.c loads it (dlopen) when the first
# PostgreSQL store opens, so no process pays its ~21 libraries at start;
# its header (libpq-dev) gives the types. Tests that call libpq themselves
# link it (tests/CMakeLists.txt).
pkg_check_modules(LIBPQ IMPORTED_TARGET libpq)
option(DT_POSTGRESQL "Build the PostgreSQL store backend (libpq)" ${LIBPQ_FOUND})
file(GLOB DT_PG_SRC CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.c)
if(DT_POSTGRESQL)
  if(NOT LIBPQ_FOUND)
    message(FATAL_ERROR "DT_POSTGRESQL=ON but libpq was not found: apt-get install libpq-dev")
  endif()
  target_compile_definitions(dt_store PUBLIC DT_HAVE_POSTGRESQL=1)
  target_include_directories(dt_store PUBLIC ${LIBPQ_INCLUDE_DIRS})
  target_link_libraries(dt_store PUBLIC ${CMAKE_DL_LIBS} Threads::Threads)
  # dpkg-shlibdeps no longer sees libpq (not NEEDED): the package asks for it.
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libpq5")
else()
  set_source_files_properties(${DT_PG_SRC} PROPERTIES HEADER_FILE_ONLY TRUE)
endif()
