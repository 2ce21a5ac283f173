# The SQLite backend's link dependencies (included by the top-level
# CMakeLists.txt for every model/store/<backend>/backend.cmake).
target_link_libraries(dt_store PRIVATE PkgConfig::SQLITE3)

# The new-store template (model/store/sqlite/template.h): the bytes of an
# empty store, made by the store code itself at build time (template_gen
# links dt_store without a template, so its store runs the migrations).
# Programs link the dt_store_template object to create stores from it;
# one that does not runs the migrations.
add_executable(dt_store_template_gen
               ${CMAKE_CURRENT_LIST_DIR}/template_gen/main.c)
target_link_libraries(dt_store_template_gen PRIVATE dt_store PkgConfig::SQLITE3)
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/store_template.c
  COMMAND dt_store_template_gen ${CMAKE_BINARY_DIR}/store_template.c
  DEPENDS dt_store_template_gen
  COMMENT "new-store template (model/store/sqlite/template.h)" VERBATIM)
add_library(dt_store_template OBJECT ${CMAKE_BINARY_DIR}/store_template.c)
target_link_libraries(dt_store_template PRIVATE dt_util)
