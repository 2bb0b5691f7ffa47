# cmake -DCOMMAND=exe;arg;... -DEXPECTED_STATUS=N -P expect_status.cmake: runs COMMAND and fails unless it exits N
# (CTest only knows zero / non-zero; a usage error must be 2, not any failure).
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status STREQUAL EXPECTED_STATUS)
  message(FATAL_ERROR "exit ${status}, expected ${EXPECTED_STATUS}: ${COMMAND}\n${out}${err}")
endif()
message(STATUS "exit ${status} as expected\n${err}")
