CREATE TABLE #x
(
  [server] varchar(32),
  [test]   varchar(32),
  [start]  time(2),
  [end]    time(2)
);

-- inserts pasted here (the batch file wrote one statement per setup run, times from %time%)
INSERT #x VALUES('SSD-4C','4x8MB-IFI','23:52:10.41','23:53:24.07');
INSERT #x VALUES('SSD-4C','4x8MB-IFI','23:58:31.12','00:00:04.95');
INSERT #x VALUES('SSD-4C','4x8MB-IFI','00:06:02.55','00:07:15.30');
INSERT #x VALUES('SSD-4C','4x8MB-NoIFI',' 0:12:40.02',' 0:13:55.61');
INSERT INTO #x VALUES (N'SSD-4C', N'4x1024MB-IFI', '0:19:01.88', '0:20:20.13'),
                      (N'SSD-4C', N'4x1024MB-IFI', '0:25:44.70', '0:27:01.02'); -- two runs in one statement
INSERT INTO #x ([test], [server], [start], [end])
  VALUES ('4x1024MB-NoIFI', 'RAID10-16C', '10:02:11.00', '10:05:49.50');
/* the next one was copied twice by mistake; kept: it is a run of its own */
INSERT #x VALUES('RAID10-16C','4x1024MB-NoIFI','10:11:03.25','10:14:40.75');
INSERT #x VALUES('RAID10-16C','4x1024MB-NoIFI','10:11:03.25','10:14:40.75');
INSERT #x VALUES('RAID10-16C','16x1024MB-NoIFI','10:20:00.00');
INSERT #x VALUES('RAID10-16C','16x1024MB-NoIFI','10:20:00.00',CONVERT(time, GETDATE()));
INSERT #x VALUES('RAID10-16C','16x1024MB-IFI','10:31:5','10:32:50.00');
INSERT #x VALUES('RAID10-16C','O''Brien test','9:00:00.00','9:01:15.50');

SELECT [server],[test],AVG(DATEDIFF(SECOND,[start],[end])*1.0)
FROM #x
GROUP BY [server],[test];
