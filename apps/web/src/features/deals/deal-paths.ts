export const DEALS_PATH = '/app/deals';
export const DEALS_LIST_PATH = `${DEALS_PATH}/list`;
export const dealPath = (id: string) => `${DEALS_PATH}/detail/${id}`;
