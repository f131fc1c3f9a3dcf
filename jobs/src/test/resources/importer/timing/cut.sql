-- the log stops while the batch file was writing its last line
INSERT #x VALUES('SSD-4C','4x8MB-IFI','10:15:03.12','10:16:18.40');
INSERT #x VALUES('SSD-4C','4x8MB-IFI','10:20:03.12','10:21:1