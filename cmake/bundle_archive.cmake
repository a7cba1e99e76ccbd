# cmake -DAR=ar -DMRI=script.mri -DOUT=lib.a -P bundle_archive.cmake
# Merges static archives into one with an `ar -M` script (CREATE / ADDLIB ... / SAVE).
file(REMOVE ${OUT})
execute_process(COMMAND ${AR} -M INPUT_FILE ${MRI} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ar -M ${MRI} failed (${rc})")
endif()
