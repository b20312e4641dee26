# cmake -DCOMMAND="exe;arg;..." -DOUTPUT=file -P print_to_file.cmake: runs the command and keeps its stdout in
# the file (add_custom_command has no portable redirection). Used for the completion scripts and the man page.
execute_process(COMMAND ${COMMAND} OUTPUT_FILE "${OUTPUT}.part" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE "${OUTPUT}.part")
  message(FATAL_ERROR "${COMMAND} failed: ${status}")
endif()
file(RENAME "${OUTPUT}.part" "${OUTPUT}")
