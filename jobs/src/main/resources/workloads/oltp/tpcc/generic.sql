-- oltp, mix tpcc: the nine TPC-C tables, the load, the five transactions and consistency conditions
-- 1-4, in standard SQL. A product's own file (postgresql.sql, sqlserver.sql, …) names only the
-- statements and types that differ. Values are bound (?); the only placeholder is the type of a
-- column that keeps a time, {timestamp}. Statements run in the workload's own database, so the
-- tables keep TPC-C's names.
--
-- Set-up runs every create-* statement in file order, loads the rows with the load-* statements, then
-- runs every index-* and analyze-* statement in file order: keys and indexes are made after the load.
-- Every transaction runs with autocommit off, READ COMMITTED; a row is locked by updating it first and
-- reading it after (UPDATE … then SELECT), so no product needs a FOR UPDATE of its own.

-- type: timestamp TIMESTAMP

-- name: create-warehouse
CREATE TABLE warehouse (
    w_id       INT NOT NULL,
    w_name     VARCHAR(10),
    w_street_1 VARCHAR(20),
    w_street_2 VARCHAR(20),
    w_city     VARCHAR(20),
    w_state    CHAR(2),
    w_zip      CHAR(9),
    w_tax      DECIMAL(4, 4),
    w_ytd      DECIMAL(12, 2)
);

-- name: create-district
CREATE TABLE district (
    d_id        SMALLINT NOT NULL,
    d_w_id      INT NOT NULL,
    d_name      VARCHAR(10),
    d_street_1  VARCHAR(20),
    d_street_2  VARCHAR(20),
    d_city      VARCHAR(20),
    d_state     CHAR(2),
    d_zip       CHAR(9),
    d_tax       DECIMAL(4, 4),
    d_ytd       DECIMAL(12, 2),
    d_next_o_id INT
);

-- name: create-customer
CREATE TABLE customer (
    c_id           INT NOT NULL,
    c_d_id         SMALLINT NOT NULL,
    c_w_id         INT NOT NULL,
    c_first        VARCHAR(16),
    c_middle       CHAR(2),
    c_last         VARCHAR(16),
    c_street_1     VARCHAR(20),
    c_street_2     VARCHAR(20),
    c_city         VARCHAR(20),
    c_state        CHAR(2),
    c_zip          CHAR(9),
    c_phone        CHAR(16),
    c_since        {timestamp},
    c_credit       CHAR(2),
    c_credit_lim   DECIMAL(12, 2),
    c_discount     DECIMAL(4, 4),
    c_balance      DECIMAL(12, 2),
    c_ytd_payment  DECIMAL(12, 2),
    c_payment_cnt  INT,
    c_delivery_cnt INT,
    c_data         VARCHAR(500)
);

-- name: create-history
CREATE TABLE history (
    h_c_id   INT,
    h_c_d_id SMALLINT,
    h_c_w_id INT,
    h_d_id   SMALLINT,
    h_w_id   INT,
    h_date   {timestamp},
    h_amount DECIMAL(6, 2),
    h_data   VARCHAR(24)
);

-- name: create-new-order
CREATE TABLE new_order (
    no_o_id INT NOT NULL,
    no_d_id SMALLINT NOT NULL,
    no_w_id INT NOT NULL
);

-- name: create-orders
CREATE TABLE orders (
    o_id         INT NOT NULL,
    o_d_id       SMALLINT NOT NULL,
    o_w_id       INT NOT NULL,
    o_c_id       INT,
    o_entry_d    {timestamp},
    o_carrier_id SMALLINT,
    o_ol_cnt     SMALLINT,
    o_all_local  SMALLINT
);

-- name: create-order-line
CREATE TABLE order_line (
    ol_o_id        INT NOT NULL,
    ol_d_id        SMALLINT NOT NULL,
    ol_w_id        INT NOT NULL,
    ol_number      SMALLINT NOT NULL,
    ol_i_id        INT,
    ol_supply_w_id INT,
    ol_delivery_d  {timestamp},
    ol_quantity    SMALLINT,
    ol_amount      DECIMAL(6, 2),
    ol_dist_info   CHAR(24)
);

-- name: create-item
CREATE TABLE item (
    i_id    INT NOT NULL,
    i_im_id INT,
    i_name  VARCHAR(24),
    i_price DECIMAL(5, 2),
    i_data  VARCHAR(50)
);

-- name: create-stock
CREATE TABLE stock (
    s_i_id       INT NOT NULL,
    s_w_id       INT NOT NULL,
    s_quantity   SMALLINT,
    s_dist_01    CHAR(24),
    s_dist_02    CHAR(24),
    s_dist_03    CHAR(24),
    s_dist_04    CHAR(24),
    s_dist_05    CHAR(24),
    s_dist_06    CHAR(24),
    s_dist_07    CHAR(24),
    s_dist_08    CHAR(24),
    s_dist_09    CHAR(24),
    s_dist_10    CHAR(24),
    s_ytd        INT,
    s_order_cnt  SMALLINT,
    s_remote_cnt SMALLINT,
    s_data       VARCHAR(50)
);

-- name: load-warehouse
INSERT INTO warehouse (w_id, w_name, w_street_1, w_street_2, w_city, w_state, w_zip, w_tax, w_ytd)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);

-- name: load-district
INSERT INTO district (d_id, d_w_id, d_name, d_street_1, d_street_2, d_city, d_state, d_zip, d_tax, d_ytd,
                      d_next_o_id)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

-- name: load-customer
INSERT INTO customer (c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city,
                      c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance,
                      c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

-- name: load-history
INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)
VALUES (?, ?, ?, ?, ?, ?, ?, ?);

-- name: load-orders
INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local)
VALUES (?, ?, ?, ?, ?, ?, ?, ?);

-- name: load-new-order
INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?);

-- name: load-order-line
INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d,
                        ol_quantity, ol_amount, ol_dist_info)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

-- name: load-item
INSERT INTO item (i_id, i_im_id, i_name, i_price, i_data) VALUES (?, ?, ?, ?, ?);

-- name: load-stock
INSERT INTO stock (s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05,
                   s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd, s_order_cnt, s_remote_cnt,
                   s_data)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

-- name: index-warehouse
ALTER TABLE warehouse ADD CONSTRAINT pk_warehouse PRIMARY KEY (w_id);

-- name: index-district
ALTER TABLE district ADD CONSTRAINT pk_district PRIMARY KEY (d_w_id, d_id);

-- name: index-customer
ALTER TABLE customer ADD CONSTRAINT pk_customer PRIMARY KEY (c_w_id, c_d_id, c_id);

-- name: index-customer-name
-- Payment and order-status find a customer by last name 60% of the time.
CREATE INDEX customer_name ON customer (c_w_id, c_d_id, c_last, c_first);

-- name: index-new-order
ALTER TABLE new_order ADD CONSTRAINT pk_new_order PRIMARY KEY (no_w_id, no_d_id, no_o_id);

-- name: index-orders
ALTER TABLE orders ADD CONSTRAINT pk_orders PRIMARY KEY (o_w_id, o_d_id, o_id);

-- name: index-orders-customer
-- Order-status reads a customer's last order.
CREATE INDEX orders_customer ON orders (o_w_id, o_d_id, o_c_id, o_id);

-- name: index-order-line
ALTER TABLE order_line ADD CONSTRAINT pk_order_line PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number);

-- name: index-item
ALTER TABLE item ADD CONSTRAINT pk_item PRIMARY KEY (i_id);

-- name: index-stock
ALTER TABLE stock ADD CONSTRAINT pk_stock PRIMARY KEY (s_w_id, s_i_id);

-- New-order (TPC-C 2.4): the customer's discount and credit with the warehouse's tax, the district's next
-- order number taken (the district row locked by its update), the order and its new-order row, then per
-- item its price, the stock row updated (and so locked) and read back, and the order line.

-- name: new-order-customer
SELECT c_discount, c_last, c_credit, w_tax
FROM customer, warehouse
WHERE w_id = ? AND c_w_id = w_id AND c_d_id = ? AND c_id = ?;

-- name: new-order-district-update
UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ?;

-- name: new-order-district
SELECT d_next_o_id - 1, d_tax FROM district WHERE d_w_id = ? AND d_id = ?;

-- name: new-order-insert-order
INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local)
VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP, NULL, ?, ?);

-- name: new-order-insert-new-order
INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?);

-- name: new-order-item
SELECT i_price, i_name, i_data FROM item WHERE i_id = ?;

-- name: new-order-stock-update
-- s_quantity drops by the quantity ordered, and is raised by 91 when it would fall under 10.
UPDATE stock
SET s_quantity = CASE WHEN s_quantity - ? >= 10 THEN s_quantity - ? ELSE s_quantity - ? + 91 END,
    s_ytd = s_ytd + ?, s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + ?
WHERE s_i_id = ? AND s_w_id = ?;

-- name: new-order-stock
SELECT s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07,
       s_dist_08, s_dist_09, s_dist_10
FROM stock WHERE s_i_id = ? AND s_w_id = ?;

-- name: new-order-insert-line
INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d,
                        ol_quantity, ol_amount, ol_dist_info)
VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?);

-- Payment (TPC-C 2.5): the warehouse's and district's year-to-date raised (rows locked by the update),
-- the customer found by number or by last name (the middle one by first name), paid, and the history row.

-- name: payment-warehouse-update
UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?;

-- name: payment-warehouse
SELECT w_name, w_street_1, w_street_2, w_city, w_state, w_zip FROM warehouse WHERE w_id = ?;

-- name: payment-district-update
UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?;

-- name: payment-district
SELECT d_name, d_street_1, d_street_2, d_city, d_state, d_zip FROM district WHERE d_w_id = ? AND d_id = ?;

-- name: customers-by-name
SELECT c_id FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first;

-- name: payment-customer-update
UPDATE customer
SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?, c_payment_cnt = c_payment_cnt + 1
WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?;

-- name: payment-customer
SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since,
       c_credit, c_credit_lim, c_discount, c_balance, c_data
FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?;

-- name: payment-customer-data
-- A customer with bad credit (BC) gets the payment's details in front of c_data, cut to 500 characters.
UPDATE customer SET c_data = ? WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?;

-- name: payment-insert-history
INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)
VALUES (?, ?, ?, ?, ?, CURRENT_TIMESTAMP, ?, ?);

-- Order-status (TPC-C 2.6), read only: the customer (by number or last name), their last order and its lines.

-- name: order-status-customer
SELECT c_balance, c_first, c_middle, c_last FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?;

-- name: order-status-last-order
SELECT o_id, o_entry_d, o_carrier_id FROM orders
WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ?
  AND o_id = (SELECT MAX(o_id) FROM orders WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ?);

-- name: order-status-lines
SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line
WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?;

-- Delivery (TPC-C 2.7), run at once rather than queued: for each of the ten districts, its oldest
-- new-order deleted (none deleted: another delivery took it, or none is left, and the district is
-- skipped), the order given its carrier, its lines their delivery date, the customer the order's amount.

-- name: delivery-oldest
SELECT MIN(no_o_id) FROM new_order WHERE no_w_id = ? AND no_d_id = ?;

-- name: delivery-delete
DELETE FROM new_order WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?;

-- name: delivery-order-update
UPDATE orders SET o_carrier_id = ? WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?;

-- name: delivery-order-customer
SELECT o_c_id FROM orders WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?;

-- name: delivery-lines-update
UPDATE order_line SET ol_delivery_d = CURRENT_TIMESTAMP WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?;

-- name: delivery-lines-amount
SELECT SUM(ol_amount) FROM order_line WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?;

-- name: delivery-customer-update
UPDATE customer SET c_balance = c_balance + ?, c_delivery_cnt = c_delivery_cnt + 1
WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?;

-- Stock-level (TPC-C 2.8), read only: distinct items of the district's last 20 orders with stock under
-- the threshold.

-- name: stock-level-district
SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?;

-- name: stock-level-count
SELECT COUNT(DISTINCT s_i_id)
FROM order_line, stock
WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= ?
  AND s_w_id = ? AND s_i_id = ol_i_id AND s_quantity < ?;

-- Consistency conditions (TPC-C 3.3.2.1-4), after each trial: each returns the number of warehouses or
-- districts that break it; 0 is a pass.

-- name: consistency-1
-- W_YTD = sum(D_YTD) for each warehouse.
SELECT COUNT(*) FROM warehouse w
WHERE w.w_ytd <> (SELECT SUM(d.d_ytd) FROM district d WHERE d.d_w_id = w.w_id);

-- name: consistency-2
-- D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID) for each district (the new-order part where it has any).
SELECT COUNT(*) FROM district d
WHERE d.d_next_o_id - 1 <> (SELECT MAX(o.o_id) FROM orders o WHERE o.o_w_id = d.d_w_id AND o.o_d_id = d.d_id)
   OR d.d_next_o_id - 1 <> COALESCE((SELECT MAX(n.no_o_id) FROM new_order n
                                     WHERE n.no_w_id = d.d_w_id AND n.no_d_id = d.d_id), d.d_next_o_id - 1);

-- name: consistency-3
-- max(NO_O_ID) - min(NO_O_ID) + 1 = the number of new-order rows, for each district.
SELECT COUNT(*) FROM (
    SELECT no_w_id, no_d_id FROM new_order GROUP BY no_w_id, no_d_id
    HAVING MAX(no_o_id) - MIN(no_o_id) + 1 <> COUNT(*)
) broken;

-- name: consistency-4
-- sum(O_OL_CNT) = the number of order lines, for each district.
SELECT COUNT(*) FROM (
    SELECT o_w_id, o_d_id, SUM(o_ol_cnt) AS lines FROM orders GROUP BY o_w_id, o_d_id
) o
LEFT JOIN (
    SELECT ol_w_id, ol_d_id, COUNT(*) AS lines FROM order_line GROUP BY ol_w_id, ol_d_id
) l ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id
WHERE l.lines IS NULL OR l.lines <> o.lines;
