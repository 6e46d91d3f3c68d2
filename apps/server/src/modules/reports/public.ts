// What other modules use of reports: the record of delivered tips and their drivers (the cash-up's pay-outs read it).
export { readDeliveredTips, staffName, type DeliveredTip } from './tips';
