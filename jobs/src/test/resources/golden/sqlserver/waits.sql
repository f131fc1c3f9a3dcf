-- statement: waits
SELECT CASE
         WHEN wait_type LIKE 'LCK[_]M[_]%' THEN 'Lock'
         WHEN wait_type LIKE 'PAGEIOLATCH[_]%' THEN 'Buffer IO'
         WHEN wait_type LIKE 'PAGELATCH[_]%' THEN 'Buffer Latch'
         WHEN wait_type LIKE 'LATCH[_]%' THEN 'Latch'
         WHEN wait_type IN ('WRITELOG', 'LOGBUFFER', 'LOGMGR', 'LOGMGR_FLUSH', 'LOGMGR_RESERVE_APPEND',
                            'LOGMGR_PMM_LOG', 'CHKPT', 'LOG_RATE_GOVERNOR') THEN 'Tran Log IO'
         WHEN wait_type IN ('ASYNC_IO_COMPLETION', 'IO_COMPLETION', 'BACKUPIO', 'WRITE_COMPLETION',
                            'IO_QUEUE_LIMIT', 'IO_RETRY') THEN 'Other Disk IO'
         WHEN wait_type IN ('ASYNC_NETWORK_IO', 'NET_WAITFOR_PACKET', 'PROXY_NETWORK_IO') THEN 'Network IO'
         WHEN wait_type IN ('CXPACKET', 'CXCONSUMER', 'CXSYNC_PORT', 'CXSYNC_CONSUMER', 'EXCHANGE')
              THEN 'Parallelism'
         WHEN wait_type IN ('SOS_SCHEDULER_YIELD') THEN 'CPU'
         WHEN wait_type IN ('THREADPOOL') THEN 'Worker Thread'
         WHEN wait_type IN ('RESOURCE_SEMAPHORE', 'CMEMTHREAD', 'CMEMPARTITIONED', 'EE_PMOLOCK',
                            'MEMORY_GRANT_UPDATE', 'RESERVED_MEMORY_ALLOCATION_EXT') THEN 'Memory'
         WHEN wait_type = 'RESOURCE_SEMAPHORE_QUERY_COMPILE' THEN 'Compilation'
         WHEN wait_type LIKE 'XACT%' OR wait_type LIKE 'DTC%' OR wait_type LIKE 'TRAN[_]MARKLATCH[_]%'
              OR wait_type LIKE 'MSQL[_]XACT[_]%' OR wait_type = 'TRANSACTION_MUTEX' THEN 'Transaction'
         WHEN wait_type LIKE 'PREEMPTIVE[_]%' THEN 'Preemptive'
         ELSE 'Other'
       END,
       wait_type, waiting_tasks_count, wait_time_ms, signal_wait_time_ms
FROM sys.dm_os_wait_stats
WHERE wait_type NOT IN (
    'BROKER_EVENTHANDLER', 'BROKER_RECEIVE_WAITFOR', 'BROKER_TASK_STOP', 'BROKER_TO_FLUSH',
    'BROKER_TRANSMITTER', 'CHECKPOINT_QUEUE', 'CLR_AUTO_EVENT', 'CLR_MANUAL_EVENT', 'CLR_SEMAPHORE',
    'DIRTY_PAGE_POLL', 'DISPATCHER_QUEUE_SEMAPHORE', 'FT_IFTS_SCHEDULER_IDLE_WAIT', 'FT_IFTSHC_MUTEX',
    'HADR_FILESTREAM_IOMGR_IOCOMPLETION', 'HADR_WORK_QUEUE', 'KSOURCE_WAKEUP', 'LAZYWRITER_SLEEP',
    'LOGMGR_QUEUE', 'MEMORY_ALLOCATION_EXT', 'ONDEMAND_TASK_QUEUE', 'PREEMPTIVE_XE_GETTARGETSTATE',
    'PWAIT_ALL_COMPONENTS_INITIALIZED', 'PWAIT_DIRECTLOGCONSUMER_GETNEXT', 'QDS_ASYNC_QUEUE',
    'QDS_CLEANUP_STALE_QUERIES_TASK_MAIN_LOOP_SLEEP', 'QDS_PERSIST_TASK_MAIN_LOOP_SLEEP',
    'REQUEST_FOR_DEADLOCK_SEARCH', 'RESOURCE_QUEUE', 'SERVER_IDLE_CHECK', 'SLEEP_BPOOL_FLUSH',
    'SLEEP_DBSTARTUP', 'SLEEP_DCOMSTARTUP', 'SLEEP_MASTERDBREADY', 'SLEEP_MASTERMDREADY',
    'SLEEP_MASTERUPGRADED', 'SLEEP_MSDBSTARTUP', 'SLEEP_SYSTEMTASK', 'SLEEP_TASK', 'SLEEP_TEMPDBSTARTUP',
    'SNI_HTTP_ACCEPT', 'SOS_WORK_DISPATCHER', 'SP_SERVER_DIAGNOSTICS_SLEEP', 'SQLTRACE_BUFFER_FLUSH',
    'SQLTRACE_INCREMENTAL_FLUSH_SLEEP', 'SQLTRACE_WAIT_ENTRIES', 'WAIT_FOR_RESULTS', 'WAITFOR',
    'WAITFOR_TASKSHUTDOWN', 'WAIT_XTP_CKPT_CLOSE', 'WAIT_XTP_HOST_WAIT', 'WAIT_XTP_OFFLINE_CKPT_NEW_LOG',
    'WAIT_XTP_RECOVERY', 'XE_DISPATCHER_JOIN', 'XE_DISPATCHER_WAIT', 'XE_TIMER_EVENT')
ORDER BY wait_type
GO
-- statement: counters
SELECT 'file', DB_NAME(vfs.database_id) + '/' + mf.name + '.' + c.counter, c.value
FROM sys.dm_io_virtual_file_stats(NULL, NULL) AS vfs
JOIN sys.master_files AS mf ON mf.database_id = vfs.database_id AND mf.file_id = vfs.file_id
CROSS APPLY (VALUES
    ('num_of_reads', CAST(vfs.num_of_reads AS FLOAT)),
    ('num_of_writes', CAST(vfs.num_of_writes AS FLOAT)),
    ('num_of_bytes_read', CAST(vfs.num_of_bytes_read AS FLOAT)),
    ('num_of_bytes_written', CAST(vfs.num_of_bytes_written AS FLOAT)),
    ('io_stall_read_ms', CAST(vfs.io_stall_read_ms AS FLOAT)),
    ('io_stall_write_ms', CAST(vfs.io_stall_write_ms AS FLOAT))) AS c(counter, value)
ORDER BY vfs.database_id, vfs.file_id
GO
